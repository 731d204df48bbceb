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

    static let groupings: [(title: String, grouping: AssetGrouping)] = [
        (tr("None"), .none), (tr("Year"), .year), (tr("Month"), .month), (tr("Week"), .week), (tr("Day"), .day),
        (tr("Hour"), .hour), (tr("Event"), .event()),
    ]

    static let sorts: [(title: String, sort: AssetSort)] = [
        (tr("Newest First"), .dateDescending), (tr("Oldest First"), .dateAscending), (tr("Name"), .name), (tr("Size"), .size),
    ]

    /// The filter's place in `filters`; nil for a filter the list lacks (the toolbar then
    /// adds it as a last entry, "Custom").
    static func filterIndex(_ filter: AssetFilter) -> Int? { filters.firstIndex { $0.filter == filter } }
    static func groupingIndex(_ grouping: AssetGrouping) -> Int? { groupings.firstIndex { $0.grouping == grouping } }
    static func sortIndex(_ sort: AssetSort) -> Int? { sorts.firstIndex { $0.sort == sort } }
}
