import PhotoPickCore

/// The toolbar's choices, listed from the option types themselves (the values `--group`,
/// `--sort` and `list --filter` take), with their translated names.
enum ViewChoices {
    /// The filter terms offered in the drop-down, after "All Items": one term each.
    static let filterTerms: [AssetFilter.Term] = [.photo, .video, .screenshot, .favorite, .jpeg, .png]

    static var filters: [(title: String, filter: AssetFilter)] {
        [(tr("All Items"), .all)] + filterTerms.map { (title(of: $0), AssetFilter([$0])) }
    }

    /// `id`: the target of the window's stateful "win.group" action ("win.group::month"),
    /// spelt as `--group` takes it.
    static var groupings: [(id: String, title: String, grouping: AssetGrouping)] {
        AssetGrouping.allCases.map { ($0.name, title(of: $0), $0) }
    }

    /// `id`: the target of "win.sort", spelt as `--sort` takes it ("win.sort::date-desc").
    static var sorts: [(id: String, title: String, sort: AssetSort)] {
        AssetSort.allCases.map { ($0.rawValue, title(of: $0), $0) }
    }

    /// The filter's place in `filters`; nil for a filter the list lacks (the toolbar then
    /// adds it as a last entry, "Custom").
    static func filterIndex(_ filter: AssetFilter) -> Int? { filters.firstIndex { $0.filter == filter } }
    static func groupingIndex(_ grouping: AssetGrouping) -> Int? { AssetGrouping.allCases.firstIndex(of: grouping) }
    static func sortIndex(_ sort: AssetSort) -> Int? { AssetSort.allCases.firstIndex(of: sort) }

    static func title(of grouping: AssetGrouping) -> String {
        switch grouping {
        case .none: tr("None")
        case .year: tr("Year")
        case .month: tr("Month")
        case .week: tr("Week")
        case .day: tr("Day")
        case .hour: tr("Hour")
        case .event: tr("Event")
        }
    }

    static func title(of sort: AssetSort) -> String {
        switch sort {
        case .dateDescending: tr("Newest First")
        case .dateAscending: tr("Oldest First")
        case .name: tr("Name")
        case .size: tr("Size")
        }
    }

    /// The drop-down's name for a one-term filter.
    static func title(of term: AssetFilter.Term) -> String {
        switch term {
        case .photo: tr("Photos")
        case .video: tr("Videos")
        case .screenshot: tr("Screenshots")
        case .favorite: tr("Favorites")
        case .jpeg: tr("JPEG")
        case .png: tr("PNG")
        // Not offered in the drop-down: the command line's spelling, should one ever be.
        case .heic, .gif, .mimeType, .glob: term.description
        }
    }
}
