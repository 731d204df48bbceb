/// What the caller asked of one picking session.
public struct PickerConfiguration: Sendable {
    public var roots: [RawPath]
    public var title: String
    /// The accept button's verb; the count is appended ("Add 3").
    public var acceptLabel: String

    public init(roots: [RawPath], title: String = "Select Photos", acceptLabel: String = "Add") {
        self.roots = roots
        self.title = title
        self.acceptLabel = acceptLabel
    }
}
