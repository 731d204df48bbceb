import CGtk
import PhotoPickCore

/// The toolbar's "group and sort" button: a popover with two columns of radio buttons,
/// Group By (None, Year, Month…) and Sort By (Newest First, Oldest First, Name, Size).
@MainActor
final class GroupSortMenu {
    let root: Widget
    private var groupButtons: [Widget] = []
    private var sortButtons: [Widget] = []
    private var syncing = false

    init(session: PickerSession) {
        root = gtk_menu_button_new()
        gtk_menu_button_set_icon_name(cast(root), "view-sort-descending-symbolic")
        gtk_widget_set_tooltip_text(root, tr("Group and sort"))
        pp_accessible_set_label(root, tr("Group and sort"))

        let columns = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 18)!
        addClass(columns, "group-sort")
        groupButtons = Self.column(tr("Group By"), ViewChoices.groupings.map(\.title), into: columns) { [unowned self, unowned session] i in
            if !self.syncing { session.setGrouping(ViewChoices.groupings[i].grouping) }
        }
        sortButtons = Self.column(tr("Sort By"), ViewChoices.sorts.map(\.title), into: columns) { [unowned self, unowned session] i in
            if !self.syncing { session.setSort(ViewChoices.sorts[i].sort) }
        }
        let popover = gtk_popover_new()!
        gtk_popover_set_child(cast(popover), columns)
        gtk_menu_button_set_popover(cast(root), popover)
        sync(session)
    }

    /// Shows the session's grouping and sort.
    func sync(_ session: PickerSession) {
        syncing = true
        defer { syncing = false }
        if let i = ViewChoices.groupingIndex(session.grouping) { gtk_check_button_set_active(cast(groupButtons[i]), 1) }
        if let i = ViewChoices.sortIndex(session.sort) { gtk_check_button_set_active(cast(sortButtons[i]), 1) }
    }

    /// A heading and a group of radio buttons; `onPick` gets the index of the one turned on.
    private static func column(_ heading: String, _ titles: [String], into parent: Widget,
                               onPick: @escaping @MainActor (Int) -> Void) -> [Widget] {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        let title = label(heading, classes: ["heading"])
        gtk_label_set_xalign(cast(title), 0)
        gtk_box_append(cast(box), title)
        var buttons: [Widget] = []
        for (i, text) in titles.enumerated() {
            let button = gtk_check_button_new_with_label(text)!
            if let first = buttons.first { gtk_check_button_set_group(cast(button), cast(first)) }
            onSignal(raw(button), "toggled") {
                if gtk_check_button_get_active(cast(button)) != 0 { onPick(i) }
            }
            gtk_box_append(cast(box), button)
            buttons.append(button)
        }
        gtk_box_append(cast(parent), box)
        return buttons
    }
}
