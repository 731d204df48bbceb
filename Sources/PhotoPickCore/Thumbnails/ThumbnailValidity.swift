/// Whether a cached thumbnail still describes its source, as the standard defines it:
/// the URI matches and `Thumb::MTime` (and `Thumb::Size` when present) equal the source's.
public struct ThumbnailSource: Sendable, Hashable {
    public let uri: String
    /// The source's modification time in whole seconds, as `Thumb::MTime` stores it.
    public let mtime: Int64
    public let size: Int64

    public init(uri: String, mtime: Int64, size: Int64) {
        self.uri = uri
        self.mtime = mtime
        self.size = size
    }

    public func isDescribed(by texts: [String: String]) -> Bool {
        guard texts["Thumb::URI"] == uri,
              let stamp = texts["Thumb::MTime"].flatMap({ Int64($0.trimmingWhitespace) }), stamp == mtime
        else { return false }
        if let size = texts["Thumb::Size"] {
            guard Int64(size.trimmingWhitespace) == self.size else { return false }
        }
        return true
    }
}
