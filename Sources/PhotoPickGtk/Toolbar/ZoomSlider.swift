import CGtk
import PhotoPickCore

/// The tile-size slider between a small and a large icon, as image viewers have it.
@MainActor
final class ZoomSlider {
    let root: Widget
    private let scale: Gtk.Scale
    private var setting = false

    init(value: Int, onChange: @escaping @MainActor (Int) -> Void) {
        let box = Gtk.Box(GTK_ORIENTATION_HORIZONTAL, spacing: 2)
        root = box.widget
        addClass(root, "zoom")
        scale = Gtk.Scale(GTK_ORIENTATION_HORIZONTAL, minimum: Double(GridMetrics.minTarget),
                          maximum: Double(GridMetrics.maxTarget), step: 8)
        scale.setDrawValue(false)
        gtk_widget_set_size_request(scale.widget, 110, -1)
        scale.setValue(Double(value))
        gtk_widget_set_tooltip_text(scale.widget, tr("Thumbnail size (Ctrl+plus, Ctrl+minus, Ctrl+0)"))
        pp_accessible_set_label(scale.widget, tr("Thumbnail size"))
        onSignal(scale.widget, "value-changed") { [unowned self] in
            guard !self.setting else { return }
            onChange(Int(self.scale.value.rounded()))
        }
        let small = gtk_image_new_from_icon_name("zoom-out-symbolic")!
        let large = gtk_image_new_from_icon_name("zoom-in-symbolic")!
        addClass(small, "dim-label")
        addClass(large, "dim-label")
        for w in [small, scale.widget, large] { box.append(w) }
    }

    /// Shows `value` without reporting it back.
    func set(_ value: Int) {
        setting = true
        scale.setValue(Double(value))
        setting = false
    }
}
