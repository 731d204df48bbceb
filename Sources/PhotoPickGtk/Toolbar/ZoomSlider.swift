import CGtk
import PhotoPickCore

/// The tile-size slider between a small and a large icon, as image viewers have it.
@MainActor
final class ZoomSlider {
    let root: Widget
    private let scale: Widget
    private var setting = false

    init(value: Int, onChange: @escaping @MainActor (Int) -> Void) {
        root = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 2)
        addClass(root, "zoom")
        scale = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, Double(GridMetrics.minTarget),
                                         Double(GridMetrics.maxTarget), 8)
        gtk_scale_set_draw_value(cast(scale), 0)
        gtk_widget_set_size_request(scale, 110, -1)
        gtk_range_set_value(cast(scale), Double(value))
        gtk_widget_set_tooltip_text(scale, tr("Thumbnail size (Ctrl+plus, Ctrl+minus, Ctrl+0)"))
        pp_accessible_set_label(scale, tr("Thumbnail size"))
        onSignal(raw(scale), "value-changed") { [unowned self] in
            guard !self.setting else { return }
            onChange(Int(gtk_range_get_value(cast(self.scale)).rounded()))
        }
        let small = gtk_image_new_from_icon_name("zoom-out-symbolic")!
        let large = gtk_image_new_from_icon_name("zoom-in-symbolic")!
        addClass(small, "dim-label")
        addClass(large, "dim-label")
        for w in [small, scale, large] { gtk_box_append(cast(root), w) }
    }

    /// Shows `value` without reporting it back.
    func set(_ value: Int) {
        setting = true
        gtk_range_set_value(cast(scale), Double(value))
        setting = false
    }
}
