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
        root = gtk_menu_button_new()
        gtk_menu_button_set_icon_name(cast(root), "view-sort-descending-symbolic")
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

        let columns = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 18)!
        addClass(columns, "group-sort")
        Self.column(tr("Group By"), "win.group", ViewChoices.groupings.map { ($0.id, $0.title) }, into: columns)
        Self.column(tr("Sort By"), "win.sort", ViewChoices.sorts.map { ($0.id, $0.title) }, into: columns)
        let popover = gtk_popover_new()!
        gtk_popover_set_child(cast(popover), columns)
        gtk_menu_button_set_popover(cast(root), popover)
    }

    /// Shows the session's grouping and sort (set from the command line or restored).
    func sync(_ session: PickerSession) {
        if let i = ViewChoices.groupingIndex(session.grouping) { actions.setState("group", ViewChoices.groupings[i].id) }
        if let i = ViewChoices.sortIndex(session.sort) { actions.setState("sort", ViewChoices.sorts[i].id) }
    }

    /// A heading and a group of radio buttons, each bound to `action` with its id as target.
    private static func column(_ heading: String, _ action: String, _ choices: [(id: String, title: String)], into parent: Widget) {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        let title = label(heading, classes: ["heading"])
        gtk_label_set_xalign(cast(title), 0)
        gtk_box_append(cast(box), title)
        var first: Widget?
        for choice in choices {
            let button = gtk_check_button_new_with_label(choice.title)!
            // Grouped, so they draw as radio buttons; the action's state says which is on.
            if let first { gtk_check_button_set_group(cast(button), cast(first)) } else { first = button }
            gtk_actionable_set_action_name(cast(button), action)
            gtk_actionable_set_action_target_value(cast(button), g_variant_new_string(choice.id))
            gtk_box_append(cast(box), button)
        }
        gtk_box_append(cast(parent), box)
    }
}
