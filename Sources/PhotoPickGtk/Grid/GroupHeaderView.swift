import CGtk
import PhotoPickCore

/// A date group's title row: "May 2024", how many it holds, and a button that picks the
/// whole group (or unpicks it when all of it is picked).
@MainActor
final class GroupHeaderView {
    var root: Gtk.Box { box }
    let box: Gtk.Box
    private let title: Gtk.Label
    private let count: Gtk.Label
    private let button: Gtk.Button
    private(set) var group = 0
    private var action = ""
    /// Called with the group index when the button is clicked.
    var onSelectGroup: (Int) -> Void = { _ in }

    init() {
        box = Gtk.Box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        addClass(box, "group-header")
        title = Gtk.Label("", classes: ["group-title"])
        title.setXAlign(0)
        title.setEllipsize(PANGO_ELLIPSIZE_END)
        count = Gtk.Label("", classes: ["group-count", "dim-label", "numeric"])
        let spacer = Gtk.Box(GTK_ORIENTATION_HORIZONTAL)
        spacer.setHExpand(true)
        button = Gtk.Button(label: tr("Select"))
        addClass(button, "select-group")  // a small pill (photopick.css): flat, it read as plain text
        button.setVAlign(GTK_ALIGN_CENTER)
        for w in [title.widget, count.widget, spacer.widget, button.widget] { box.append(w) }
        onSignal(button.widget, "clicked") { [unowned self] in self.onSelectGroup(self.group) }
        onQueryTooltip(button.widget) { [unowned self] in tr("%s (Ctrl+G: the focused photo’s group)", self.action) }
    }

    func bind(group: Int, title text: String, count n: Int, allPicked: Bool) {
        self.group = group
        title.setText(text)
        count.setText(trn("%s item", "%s items", n, HumanFormat.count(n)))
        setAllPicked(allPicked, title: text)
    }

    func setAllPicked(_ allPicked: Bool, title text: String? = nil) {
        button.setLabel(allPicked ? tr("Deselect") : tr("Select"))
        let name = text ?? title.text
        let action = allPicked ? tr("Unpick everything from %s", name) : tr("Pick everything from %s", name)
        guard action != self.action else { return }
        self.action = action
        pp_accessible_set_label(button.widget, action)
    }
}
