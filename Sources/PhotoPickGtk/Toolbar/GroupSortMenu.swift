import CGtk
import PhotoPickCore

/// The toolbar's "group and sort" button: a popover with two columns of radio buttons,
/// Group By (None, Year, Month…) and Sort By (Newest First, Oldest First, Name, Size).
/// The choices are the window's stateful actions "win.group" and "win.sort" (string states,
/// ViewChoices' ids); the buttons only name them, so a menu or a key could choose as well.
@MainActor
final class GroupSortMenu {
    let root: Widget
    private let actions: ActionMap

    init(session: PickerSession, actions: ActionMap) {
        self.actions = actions
        let button = Gtk.MenuButton()
        root = button.widget
        button.setIconName("view-sort-descending-symbolic")
        gtk_widget_set_tooltip_text(root, tr("Group and sort"))
        pp_accessible_set_label(root, tr("Group and sort"))

        let group = ViewChoices.groupingIndex(session.grouping).map { ViewChoices.groupings[$0].id } ?? ""
        actions.addChoice("group", initial: group) { [unowned session] id in
            if let choice = ViewChoices.groupings.first(where: { $0.id == id }) { session.setGrouping(choice.grouping) }
        }
        let sort = ViewChoices.sortIndex(session.sort).map { ViewChoices.sorts[$0].id } ?? ""
        actions.addChoice("sort", initial: sort) { [unowned session] id in
            if let choice = ViewChoices.sorts.first(where: { $0.id == id }) { session.setSort(choice.sort) }
        }

        let columns = Gtk.Box(GTK_ORIENTATION_HORIZONTAL, spacing: 18)
        addClass(columns.widget, "group-sort")
        Self.column(tr("Group By"), "win.group", ViewChoices.groupings.map { ($0.id, $0.title) }, into: columns)
        Self.column(tr("Sort By"), "win.sort", ViewChoices.sorts.map { ($0.id, $0.title) }, into: columns)
        let popover = Gtk.Popover()
        popover.setChild(columns.widget)
        button.setPopover(popover)
    }

    /// Shows the session's grouping and sort (set from the command line or restored).
    func sync(_ session: PickerSession) {
        if let i = ViewChoices.groupingIndex(session.grouping) { actions.setState("group", ViewChoices.groupings[i].id) }
        if let i = ViewChoices.sortIndex(session.sort) { actions.setState("sort", ViewChoices.sorts[i].id) }
    }

    /// A heading and a group of radio buttons, each bound to `action` with its id as target.
    private static func column(_ heading: String, _ action: String, _ choices: [(id: String, title: String)], into parent: Gtk.Box) {
        let box = Gtk.Box(GTK_ORIENTATION_VERTICAL, spacing: 2)
        let title = Gtk.Label(heading, classes: ["heading"])
        title.setXAlign(0)
        box.append(title.widget)
        var first: Gtk.CheckButton?
        for choice in choices {
            let button = Gtk.CheckButton(label: choice.title)
            // Grouped, so they draw as radio buttons; the action's state says which is on.
            if let first { button.setGroup(first) } else { first = button }
            button.actionable.setAction(action, target: choice.id)
            box.append(button.widget)
        }
        parent.append(box.widget)
    }
}
