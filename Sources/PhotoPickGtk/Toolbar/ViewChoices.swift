import PhotoPickCore

/// The toolbar's choices and the session values they stand for.
enum ViewChoices {
    static let filters: [(title: String, filter: AssetFilter)] = [
        ("All Items", .all),
        ("Photos", AssetFilter([.photo])),
        ("Videos", AssetFilter([.video])),
        ("Screenshots", AssetFilter([.screenshot])),
        ("Favorites", AssetFilter([.favorite])),
        ("JPEG", AssetFilter([.jpeg])),
        ("PNG", AssetFilter([.png])),
    ]

    /// `id`: the target of the window's stateful "win.group" action ("win.group::month").
    static let groupings: [(id: String, title: String, grouping: AssetGrouping)] = [
        ("none", "None", .none), ("year", "Year", .year), ("month", "Month", .month), ("week", "Week", .week),
        ("day", "Day", .day), ("hour", "Hour", .hour), ("event", "Event", .event()),
    ]

    /// `id`: the target of "win.sort".
    static let sorts: [(id: String, title: String, sort: AssetSort)] = [
        ("newest", "Newest First", .dateDescending), ("oldest", "Oldest First", .dateAscending),
        ("name", "Name", .name), ("size", "Size", .size),
    ]

    /// The filter's place in `filters`; nil for a filter the list lacks (the toolbar then
    /// adds it as a last entry, "Custom").
    static func filterIndex(_ filter: AssetFilter) -> Int? { filters.firstIndex { $0.filter == filter } }
    static func groupingIndex(_ grouping: AssetGrouping) -> Int? { groupings.firstIndex { $0.grouping == grouping } }
    static func sortIndex(_ sort: AssetSort) -> Int? { sorts.firstIndex { $0.sort == sort } }
}
