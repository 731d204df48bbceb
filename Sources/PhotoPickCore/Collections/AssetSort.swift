/// The order of a collection. With grouping, groups stay in date order (newest first, or
/// oldest first for `dateAscending`) and this orders the assets within each group.
public enum AssetSort: String, Sendable, Hashable, CaseIterable {
    /// Newest first (the default). Equal dates by path.
    case dateDescending = "date-desc"
    /// Oldest first: exactly the reverse of newest first.
    case dateAscending = "date-asc"
    /// By file name in natural order (`IMG_2` before `IMG_10`).
    case name
    /// Largest file first; equal sizes newest first.
    case size

    /// Parses the command line's spelling (`rawValue`), ignoring case.
    public init?(parsing text: String) { self.init(rawValue: text.lowercased()) }
}
