import CGtk
import PhotoPickCore

/// The header's Cancel ("win.cancel"): the word when it fits, else an icon, so "Abbrechen"
/// and its kind never hold the header wider than a 360 px window. By the header's room, not
/// the fold: the window's size is settled at its first layout, before the sidebar has folded.
/// As an icon it keeps its name in the tooltip and for screen readers.
@MainActor
enum CancelButton {
    static func make() -> Gtk.AnyWidget {
        let text = Gtk.Button(mnemonic: tr("_Cancel"))
        let icon = Gtk.Button(iconName: "window-close-symbolic")  // the window's own close, hidden there
        icon.setTooltip(tr("Cancel"))
        pp_accessible_set_label(icon.widget, tr("Cancel"))
        for button in [text, icon] { button.actionable.setAction(.cancel) }
        PlaceTrace.name(text, "button cancel")
        PlaceTrace.name(icon, "button cancel")  // only one of the two shows
        return FirstFitBox.make([text, icon])  // asks for the word's width, so it comes back when there is room
    }
}
