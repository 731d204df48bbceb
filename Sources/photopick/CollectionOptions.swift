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

    @OptionGroup var view: ViewOptions

    var filter: AssetFilter { AssetFilter(filterTerms.compactMap(AssetFilter.Term.init(parsing:))) }

    /// What the listing shows, read with the window's defaults (newest first, ungrouped).
    var shown: PickerConfiguration {
        var configuration = PickerConfiguration(roots: [])
        view.apply(to: &configuration.options)
        configuration.filter = filter
        return configuration
    }

    func validate() throws {
        for term in filterTerms where AssetFilter.Term(parsing: term) == nil {
            throw ValidationError("unknown filter '\(term)'; use photo, video, jpeg, png, heic, gif, screenshot, favorite, mime:TYPE or glob:PATTERN")
        }
    }
}
