import ArgumentParser
import PhotoPickCore

/// `--group` and `--sort`, declared once for the picker and for `albums`/`list`: how the
/// grid (or the listing) orders a library, as the window's Group and Sort menus set it.
struct ViewOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Group by calendar (week: ISO weeks) or by event (a gap of more than 4 hours); default none.",
                               valueName: "grouping"))
    var group: AssetGrouping?

    @Option(help: ArgumentHelp("Order: date-desc (newest first, the default), date-asc, name (natural order) or size (largest first).",
                               valueName: "order"))
    var sort: AssetSort?

    /// Their layer of the shared options.
    func apply(to options: inout PickerOptions) {
        options.grouping = group
        options.sort = sort
    }
}
