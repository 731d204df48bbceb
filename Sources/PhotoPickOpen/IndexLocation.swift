import PhotoPickIndex

/// Which metadata index an open reads and records into: the user's (`standard`), or a test's.
public struct IndexLocation: Sendable, Equatable {
    public let path: String

    public init(path: String) { self.path = path }

    /// The user's: `MetadataIndex.standardPath()`.
    public static var standard: IndexLocation { IndexLocation(path: MetadataIndex.standardPath()) }
}
