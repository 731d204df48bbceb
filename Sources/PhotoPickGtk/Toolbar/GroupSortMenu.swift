import CGtk
import PhotoPickCore
import PhotoPickSystem

/// The toolbar's "group and sort" button: a GMenu with three sections, Group By (None, Year,
/// Month…), Sort By (Newest First, Oldest First, Name, Size) and Show (All Items, Photos…),
/// shown as a popover menu. The choices are the window's stateful actions "win.group",
/// "win.sort" and "win.filter" (string states: ViewChoices' ids, the filter's index); each
/// item names its action and id as target, so GTK draws them as radio items. Show is here
/// as well as in its drop-down, which gives way on a narrow window or to a caller's filters.
@MainActor
final class GroupSortMenu {
    let root: Gtk.MenuButton
    private let actions: ActionMap

    init(session: PickerSession, actions: ActionMap, filters: [String]) {
        self.actions = actions
        let button = Gtk.MenuButton()
        root = button
        button.setIconName("view-sort-descending-symbolic")
        button.setTooltip(tr("Group and sort"))
        pp_accessible_set_label(root.widget, tr("Group and sort"))

        let group = ViewChoices.groupingIndex(session.grouping).map { ViewChoices.groupings[$0].id } ?? ""
        actions.addChoice(.group, initial: group) { [unowned session] id in
            if let choice = ViewChoices.groupings.first(where: { $0.id == id }) { session.setGrouping(choice.grouping) }
        }
        let sort = ViewChoices.sortIndex(session.sort).map { ViewChoices.sorts[$0].id } ?? ""
        actions.addChoice(.sort, initial: sort) { [unowned session] id in
            if let choice = ViewChoices.sorts.first(where: { $0.id == id }) { session.setSort(choice.sort) }
        }

        let menu = Gio.Menu()
        menu.appendSection(Self.section(.group, ViewChoices.groupings.map { ($0.id, $0.title) }), label: tr("Group By"))
        menu.appendSection(Self.section(.sort, ViewChoices.sorts.map { ($0.id, $0.title) }), label: tr("Sort By"))
        // Last, so Group By's and Sort By's places in the menu stay where keys find them.
        menu.appendSection(Self.section(.filter, filters.enumerated().map { (String($0.offset), $0.element) }), label: tr("Show"))
        button.setMenu(menu)
        // For the tests: a click on a choice waits for the menu to be on screen (laid out and
        // painted, not merely shown), a click elsewhere for it to have closed.
        if Trace.isEnabled, let popover = button.popover {
            onSignal(popover, "map") { afterNextFrame(of: popover) { Trace.mark("menu group-sort shown") } }
            onSignal(popover, "closed") { Trace.mark("menu group-sort closed") }
        }
    }

    /// Shows the session's grouping and sort (set from the command line or restored).
    func sync(_ session: PickerSession) {
        if let i = ViewChoices.groupingIndex(session.grouping) { actions.setState(.group, ViewChoices.groupings[i].id) }
        if let i = ViewChoices.sortIndex(session.sort) { actions.setState(.sort, ViewChoices.sorts[i].id) }
    }

    /// One item per choice, each naming `action` with its id as target.
    private static func section(_ action: CommandName, _ choices: [(id: String, title: String)]) -> Gio.Menu {
        let section = Gio.Menu()
        for choice in choices { section.append(choice.title, action: action, target: choice.id) }
        return section
    }
}
