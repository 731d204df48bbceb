import CGtk
import PhotoPickCore

/// The tile-size slider between a small and a large icon, as image viewers have it.
@MainActor
final class ZoomSlider {
    private let box = Gtk.Box(GTK_ORIENTATION_HORIZONTAL, spacing: 2)
    var root: Gtk.Box { box }
    private let scale: Gtk.Scale
    private var setting = false

    init(value: Int, onChange: @escaping @MainActor (Int) -> Void) {
        addClass(box, "zoom")
        scale = Gtk.Scale(GTK_ORIENTATION_HORIZONTAL, minimum: Double(GridMetrics.minTarget),
                          maximum: Double(GridMetrics.maxTarget), step: 8)
        scale.setDrawValue(false)
        scale.setSizeRequest(width: 110)
        scale.setValue(Double(value))
        scale.setTooltip(tr("Thumbnail size (Ctrl+plus, Ctrl+minus, Ctrl+0)"))
        pp_accessible_set_label(scale.widget, tr("Thumbnail size"))
        onSignal(scale.widget, "value-changed") { [unowned self] in
            guard !self.setting else { return }
            onChange(Int(self.scale.value.rounded()))
        }
        let small = Gtk.Image(iconName: "zoom-out-symbolic")
        let large = Gtk.Image(iconName: "zoom-in-symbolic")
        addClass(small, "dim-label")
        addClass(large, "dim-label")
        for w in [small.widget, scale.widget, large.widget] { box.append(w) }
    }

    func setShown(_ on: Bool) { box.setVisible(on) }

    /// Shows `value` without reporting it back.
    func set(_ value: Int) {
        setting = true
        scale.setValue(Double(value))
        setting = false
    }
}
