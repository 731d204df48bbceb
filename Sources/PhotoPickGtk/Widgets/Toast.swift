import CGtk
import Dispatch

/// A short message over the bottom of an area ("You can pick up to 3", "Copied 3 files"),
/// gone after a few seconds; a newer message replaces it and restarts the clock.
@MainActor
final class Toast {
    let root: Widget
    private var generation = 0

    /// `marginBottom`: how far above the bottom edge. At the bottom: picking starts at the
    /// top, and the message must not hide the badges there.
    init(marginBottom: Int32) {
        // An alert, so screen readers say it when it appears.
        root = pp_widget_new_with_role(gtk_label_get_type(), GTK_ACCESSIBLE_ROLE_ALERT)
        addClass(root, "toast")
        gtk_widget_set_halign(root, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(root, GTK_ALIGN_END)
        gtk_widget_set_margin_bottom(root, marginBottom)
        gtk_widget_set_can_target(root, 0)
        gtk_widget_set_visible(root, 0)
    }

    func show(_ message: String) {
        gtk_label_set_text(cast(root), message)
        gtk_widget_set_visible(root, 1)
        generation += 1
        let shown = generation
        DispatchQueue.main.asyncAfter(deadline: .now() + 3) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.generation == shown else { return }
                gtk_widget_set_visible(self.root, 0)
            }
        }
    }
}
