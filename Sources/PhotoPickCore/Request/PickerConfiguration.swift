/// What one picking session was asked: the merged `PickerOptions`, checked once, read
/// through the properties below, which supply the defaults. Nothing is copied out of the
/// options, so a field added there needs no second home here; setting a property sets the
/// option it reads.
public struct PickerConfiguration: Sendable {
    public var options: PickerOptions

    /// Checks `options` (limits, filters, choice ids); `defaultRoots` when no folders were asked for.
    public init(_ options: PickerOptions, defaultRoots: [RawPath]) throws {
        try options.check()
        self.options = options
        if options.folders == nil {
            self.options.folders = defaultRoots
            usesDefaultFolders = true
        }
    }

    /// True while the roots are the desktop's Pictures and Videos folders, chosen because no
    /// folders were asked for (an empty library there is a first run, not an error).
    public private(set) var usesDefaultFolders = false

    /// A configuration built in code (tests, the bench), unchecked.
    public init(roots: [RawPath], title: String? = nil, acceptLabel: String? = nil,
                maximum: Int? = nil, minimum: Int? = nil) {
        options = PickerOptions()
        options.folders = roots
        options.title = title
        options.acceptLabel = acceptLabel
        options.maximum = maximum
        options.minimum = minimum
    }

    public var roots: [RawPath] {
        get { options.folders ?? [] }
        set {
            options.folders = newValue
            usesDefaultFolders = false
        }
    }

    public var title: String {
        get { options.title ?? tr("Select Photos") }
        set { options.title = newValue }
    }

    /// The accept button's verb; the count is appended ("Add 3").
    public var acceptLabel: String {
        get { options.acceptLabel ?? (copyMode ? tr("Copy") : tr("Add")) }
        set { options.acceptLabel = newValue }
    }

    /// At most this many may be picked (1 for `--single`); nil for no limit.
    public var maximum: Int? {
        get { options.multiple == false ? 1 : options.maximum }
        set { options.maximum = newValue }
    }

    /// Done needs at least this many (and always at least one).
    public var minimum: Int {
        get { options.minimum ?? 0 }
        set { options.minimum = newValue }
    }

    // The chooser contract (issue 4); every field defaults to "not asked for".
    /// What may be shown and picked at all (`--type`, `--mime-type`, `--pattern`).
    public var restriction: AssetRestriction {
        get { options.restriction ?? .none }
        set { options.restriction = newValue }
    }

    /// Filters the user switches between in the window (the current one among them).
    public var filters: [NamedFilter] {
        get { (try? options.resolvedFilters().filters) ?? options.filters ?? [] }
        set { options.filters = newValue }
    }

    /// The place in `filters` of the one in effect at first.
    public var currentFilter: Int? {
        get { (try? options.resolvedFilters())?.current }
        set {
            let filters = self.filters
            options.currentFilter = newValue.flatMap { filters.indices.contains($0) ? .name(filters[$0].name) : nil }
        }
    }

    /// Files picked when the window opens (as they are found), in this order.
    public var preselect: [RawPath] {
        get { options.preselect ?? [] }
        set { options.preselect = newValue }
    }

    /// The album shown first, by title as `photopick albums` prints it.
    public var initialAlbum: String? {
        get { options.album }
        set { options.album = newValue }
    }

    /// The caller's extra questions (the portal's choices).
    public var choices: [ChooserChoice] {
        get { options.choices ?? [] }
        set { options.choices = newValue }
    }

    /// No caller reads the result: the accept button copies the picked files to the
    /// clipboard and the window stays open.
    public var copyMode: Bool {
        get { options.copy ?? false }
        set { options.copy = newValue }
    }

    /// The caller's window, which the picker's window is made transient for.
    public var parentWindow: ParentWindow? {
        get { options.parentWindow }
        set { options.parentWindow = newValue }
    }

    /// Browse Files… is offered (a request's `browse`).
    public var offersBrowse: Bool { options.browse ?? false }

    /// Modal for `parentWindow`: the caller's window takes no input while the picker is open.
    public var modal: Bool {
        get { options.modal ?? false }
        set { options.modal = newValue }
    }

    /// Which files of a picked pair come back: the still unless asked otherwise, as an upload
    /// form or a zenity caller expects one file per pick.
    public var pairs: PairsChoice {
        get { options.pairs ?? .still }
        set { options.pairs = newValue }
    }

    // How the grid shows an album at first (issue 3); the user can change each.
    public var grouping: AssetGrouping {
        get { options.grouping ?? .none }
        set { options.grouping = newValue }
    }

    public var sort: AssetSort {
        get { options.sort ?? .dateDescending }
        set { options.sort = newValue }
    }

    public var filter: AssetFilter {
        get { options.filter ?? .all }
        set { options.filter = newValue }
    }
}

extension PickerConfiguration {
    /// What the picks are turned into before the answer; nil answers with the originals.
    public var export: ExportSettings? {
        get { options.export }
        set { options.export = newValue }
    }
}
