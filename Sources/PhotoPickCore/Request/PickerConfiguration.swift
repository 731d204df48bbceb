/// What the caller asked of one picking session.
public struct PickerConfiguration: Sendable {
    public var roots: [RawPath]
    public var title: String
    /// The accept button's verb; the count is appended ("Add 3").
    public var acceptLabel: String
    /// At most this many may be picked (1 for `--single`); nil for no limit.
    public var maximum: Int?
    /// Done needs at least this many (and always at least one).
    public var minimum: Int

    // The chooser contract (issue 4); every field defaults to "not asked for".
    /// What may be shown and picked at all (`--type`, `--mime-type`, `--pattern`).
    public var restriction: AssetRestriction = .none
    /// Filters the user switches between in the window, and the one in effect at first.
    public var filters: [NamedFilter] = []
    public var currentFilter: Int?
    /// Files picked when the window opens (as they are found), in this order.
    public var preselect: [RawPath] = []
    /// The album shown first, by title as `photopick albums` prints it.
    public var initialAlbum: String?
    /// The caller's extra questions (the portal's choices).
    public var choices: [ChooserChoice] = []
    /// No caller reads the result: the accept button copies the picked files to the
    /// clipboard and the window stays open.
    public var copyMode = false
    /// The caller's window, which the picker's window is made transient for.
    public var parentWindow: ParentWindow?
    /// Modal for `parentWindow`: the caller's window takes no input while the picker is open.
    public var modal = false

    // How the grid shows an album at first (issue 3); the user can change each.
    public var grouping: AssetGrouping = .none
    public var sort: AssetSort = .dateDescending
    public var filter: AssetFilter = .all

    public init(roots: [RawPath], title: String = tr("Select Photos"), acceptLabel: String = tr("Add"),
                maximum: Int? = nil, minimum: Int = 0) {
        self.roots = roots
        self.title = title
        self.acceptLabel = acceptLabel
        self.maximum = maximum
        self.minimum = minimum
    }
}
