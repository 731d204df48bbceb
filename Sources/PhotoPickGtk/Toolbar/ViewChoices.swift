import PhotoPickCore

/// The toolbar's choices and the session values they stand for.
enum ViewChoices {
    static let filters: [(title: String, filter: AssetFilter)] = [
        (tr("All Items"), .all),
        (tr("Photos"), AssetFilter([.photo])),
        (tr("Videos"), AssetFilter([.video])),
        (tr("Screenshots"), AssetFilter([.screenshot])),
        (tr("Favorites"), AssetFilter([.favorite])),
        (tr("JPEG"), AssetFilter([.jpeg])),
        (tr("PNG"), AssetFilter([.png])),
    ]

    /// `id`: the target of the window's stateful "win.group" action ("win.group::month").
    static let groupings: [(id: String, title: String, grouping: AssetGrouping)] = [
        ("none", tr("None"), .none), ("year", tr("Year"), .year), ("month", tr("Month"), .month), ("week", tr("Week"), .week),
        ("day", tr("Day"), .day), ("hour", tr("Hour"), .hour), ("event", tr("Event"), .event()),
    ]

    /// `id`: the target of "win.sort".
    static let sorts: [(id: String, title: String, sort: AssetSort)] = [
        ("newest", tr("Newest First"), .dateDescending), ("oldest", tr("Oldest First"), .dateAscending),
        ("name", tr("Name"), .name), ("size", tr("Size"), .size),
    ]

    /// The filter's place in `filters`; nil for a filter the list lacks (the toolbar then
    /// adds it as a last entry, "Custom").
    static func filterIndex(_ filter: AssetFilter) -> Int? { filters.firstIndex { $0.filter == filter } }
    static func groupingIndex(_ grouping: AssetGrouping) -> Int? { groupings.firstIndex { $0.grouping == grouping } }
    static func sortIndex(_ sort: AssetSort) -> Int? { sorts.firstIndex { $0.sort == sort } }
}
