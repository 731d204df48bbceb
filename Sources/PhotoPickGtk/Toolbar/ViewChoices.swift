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

    static let groupings: [(title: String, grouping: AssetGrouping)] = [
        ("None", .none), ("Year", .year), ("Month", .month), ("Week", .week), ("Day", .day),
        ("Hour", .hour), ("Event", .event()),
    ]

    static let sorts: [(title: String, sort: AssetSort)] = [
        ("Newest First", .dateDescending), ("Oldest First", .dateAscending), ("Name", .name), ("Size", .size),
    ]

    /// The filter's place in `filters`; nil for a filter the list lacks (the toolbar then
    /// adds it as a last entry, "Custom").
    static func filterIndex(_ filter: AssetFilter) -> Int? { filters.firstIndex { $0.filter == filter } }
    static func groupingIndex(_ grouping: AssetGrouping) -> Int? { groupings.firstIndex { $0.grouping == grouping } }
    static func sortIndex(_ sort: AssetSort) -> Int? { sorts.firstIndex { $0.sort == sort } }
}
