
/// A stable identifier for an asset within one library: the same file keeps it
/// for as long as the library is open, whatever the order of the collection.
public struct AssetID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(_ rawValue: UInt32) { self.rawValue = rawValue }
    public static func < (a: AssetID, b: AssetID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { String(rawValue) }
}

/// One photo or video on disk, with what the scan learnt about it.
public struct Asset: Sendable, Hashable, Identifiable {
    public let id: AssetID
    public let path: RawPath
    public let mimeType: String
    public let kind: MediaKind
    public let sizeBytes: Int64
    /// Modification time, seconds since 1970, within `RepresentableTime` (see `modifiedIsKnown`).
    public let modified: Double
    /// False when the file system gave a time outside `RepresentableTime` (a file touched to
    /// 2^63 seconds): `modified` then holds the nearest end of the range, so sorting still
    /// puts the file where its time points, but no date is printed for it.
    public let modifiedIsKnown: Bool
    /// The folder album the file lives in.
    public let albumID: AlbumID
    /// Always `validated()`: an asset never carries a value photopick could not use.
    public var metadata: AssetMetadata { didSet { metadata = metadata.validated(fileSize: sizeBytes) } }

    public init(id: AssetID, path: RawPath, mimeType: String, kind: MediaKind,
                sizeBytes: Int64, modified: Double, albumID: AlbumID, metadata: AssetMetadata = AssetMetadata()) {
        self.id = id
        self.path = path
        self.mimeType = mimeType
        self.kind = kind
        self.sizeBytes = sizeBytes
        self.modified = RepresentableTime.clamped(modified)
        self.modifiedIsKnown = RepresentableTime.contains(modified)
        self.albumID = albumID
        self.metadata = metadata.validated(fileSize: sizeBytes)
    }

    /// An asset exactly as stored earlier (`AssetTable`): its values were clamped and
    /// validated when it was first made, so nothing is recomputed.
    init(stored id: AssetID, path: RawPath, mimeType: String, kind: MediaKind, sizeBytes: Int64, modified: Double,
         modifiedIsKnown: Bool, albumID: AlbumID, metadata: AssetMetadata) {
        self.id = id
        self.path = path
        self.mimeType = mimeType
        self.kind = kind
        self.sizeBytes = sizeBytes
        self.modified = modified
        self.modifiedIsKnown = modifiedIsKnown
        self.albumID = albumID
        self.metadata = metadata
    }

    public var name: String { path.lastComponent }

    /// The date used for ordering and grouping: the capture date, else the modification time.
    public var dateSeconds: Double { metadata.captureDate?.seconds ?? modified }
    /// False when neither the file nor the file system gives a date photopick can name.
    public var hasKnownDate: Bool { metadata.captureDate != nil || modifiedIsKnown }
}
