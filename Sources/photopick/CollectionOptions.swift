import ArgumentParser
import PhotoPickCore

/// `--filter`, `--group`, `--sort`: how `albums` and `list` see a library, as the window's
/// controls would set them.
struct CollectionOptions: ParsableArguments {
    @Option(name: .customLong("filter"), help: ArgumentHelp(
        """
        Show only matching assets (repeatable): photo, video, jpeg, png, heic, gif, screenshot, \
        favorite, mime:TYPE (wildcards allowed, e.g. mime:image/*), glob:PATTERN (file name, \
        case-insensitive, e.g. glob:*.jpg). Type terms and name patterns each match any; \
        screenshot and favorite must all hold.
        """, valueName: "term"))
    var filterTerms: [String] = []

    @Option(name: .customLong("group"), help: ArgumentHelp(
        "Group by calendar (week: ISO weeks) or by event (a gap of more than 4 hours).",
        valueName: "grouping"))
    var grouping: AssetGrouping = .none

    @Option(help: ArgumentHelp(
        "Order: date-desc (newest first), date-asc, name (natural order) or size (largest first).",
        valueName: "order"))
    var sort: AssetSort = .dateDescending

    var filter: AssetFilter { AssetFilter(filterTerms.compactMap(AssetFilter.Term.init(parsing:))) }

    func validate() throws {
        for term in filterTerms where AssetFilter.Term(parsing: term) == nil {
            throw ValidationError("unknown filter '\(term)'; use photo, video, jpeg, png, heic, gif, screenshot, favorite, mime:TYPE or glob:PATTERN")
        }
    }
}
