import CGtk
import PhotoPickCore

/// A date group's title row: "May 2024", how many it holds, and a button that picks the
/// whole group (or unpicks it when all of it is picked).
@MainActor
final class GroupHeaderView {
    let root: Widget
    private let title: Widget
    private let count: Widget
    private let button: Widget
    private(set) var group = 0
    private var action = ""
    /// Called with the group index when the button is clicked.
    var onSelectGroup: (Int) -> Void = { _ in }

    init() {
        root = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)
        addClass(root, "group-header")
        title = label("", classes: ["group-title"])
        Gtk.Label(title).setXAlign(0)
        Gtk.Label(title).setEllipsize(PANGO_ELLIPSIZE_END)
        count = label("", classes: ["group-count", "dim-label", "numeric"])
        let spacer = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_set_hexpand(spacer, 1)
        button = gtk_button_new_with_label(tr("Select"))
        addClass(button, "select-group")  // a small pill (photopick.css): flat, it read as plain text
        gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        for w in [title, count, spacer, button] { Gtk.Box(root).append(w) }
        onSignal(button, "clicked") { [unowned self] in self.onSelectGroup(self.group) }
        onQueryTooltip(button) { [unowned self] in tr("%s (Ctrl+G: the focused photo’s group)", self.action) }
    }

    func bind(group: Int, title text: String, count n: Int, allPicked: Bool) {
        self.group = group
        Gtk.Label(title).setText(text)
        Gtk.Label(count).setText(trn("%s item", "%s items", n, HumanFormat.count(n)))
        setAllPicked(allPicked, title: text)
    }

    func setAllPicked(_ allPicked: Bool, title text: String? = nil) {
        Gtk.Button(button).setLabel(allPicked ? tr("Deselect") : tr("Select"))
        let name = text ?? Gtk.Label(title).text
        let action = allPicked ? tr("Unpick everything from %s", name) : tr("Pick everything from %s", name)
        guard action != self.action else { return }
        self.action = action
        pp_accessible_set_label(button, action)
    }
}
