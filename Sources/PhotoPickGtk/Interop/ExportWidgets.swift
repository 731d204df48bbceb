import CGtk

/// Typed handles for the export's widgets: the progress bar's fraction and text, and the
/// "Keep location" switch.
extension Gtk.ProgressBar {
    func setFraction(_ fraction: Double) { gtk_progress_bar_set_fraction(cast(widget), min(max(fraction, 0), 1)) }
    /// Text drawn on the bar ("2 of 5"), shown.
    func setText(_ text: String) {
        gtk_progress_bar_set_show_text(cast(widget), 1)
        gtk_progress_bar_set_text(cast(widget), text)
    }
}

extension Gtk {
    @MainActor
    struct Switch {
        let widget: Widget
        init() { widget = gtk_switch_new() }
        private var toggle: OpaquePointer { cast(widget) }
        var isActive: Bool { gtk_switch_get_active(toggle) != 0 }
        func setActive(_ on: Bool) { gtk_switch_set_active(toggle, on ? 1 : 0) }
        /// Calls `changed` with the new state whenever it flips.
        func onToggle(_ changed: @escaping @MainActor (Bool) -> Void) {
            let handle = self
            onPointerSignal(widget, "notify::active") { _ in changed(handle.isActive) }
        }
    }
}
