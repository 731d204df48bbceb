import CGtk
import Dispatch

/// A short message over the bottom of the grid ("You can pick up to 3"), gone after a few seconds.
@MainActor
final class LimitNotice {
    let root: Widget
    private var generation = 0

    init() {
        // An alert, so screen readers say it when it appears.
        root = pp_widget_new_with_role(gtk_label_get_type(), GTK_ACCESSIBLE_ROLE_ALERT)
        addClass(root, "limit-notice")
        gtk_widget_set_halign(root, GTK_ALIGN_CENTER)
        // At the bottom: picking starts at the top, and the notice must not hide the badges there.
        gtk_widget_set_valign(root, GTK_ALIGN_END)
        gtk_widget_set_margin_bottom(root, 16)
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
