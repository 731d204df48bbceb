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

    public init(roots: [RawPath], title: String = "Select Photos", acceptLabel: String = "Add",
                maximum: Int? = nil, minimum: Int = 0) {
        self.roots = roots
        self.title = title
        self.acceptLabel = acceptLabel
        self.maximum = maximum
        self.minimum = minimum
    }
}
