/// The ways phones and cameras make one moment out of two files, or one file out of two media.
public enum PairKind: String, Sendable, Hashable, CaseIterable {
    /// An Apple Live Photo: a HEIC or JPEG still and a short QuickTime movie beside it.
    case live
    /// A camera's RAW file and the JPEG (or HEIC) it wrote with the same name.
    case raw
    /// A Motion Photo (Google, Samsung): one JPEG or HEIC with an MP4 inside it.
    case motion
}

/// A pair as the library found it. The still is the asset shown and picked; the companion
/// (the movie or the RAW file) is not shown on its own while the pair holds.
public struct AssetPair: Sendable, Hashable {
    public let kind: PairKind
    public let still: AssetID
    /// The other file; nil for a Motion Photo, whose motion is inside the still's file.
    public let companion: AssetID?

    public init(kind: PairKind, still: AssetID, companion: AssetID?) {
        self.kind = kind
        self.still = still
        self.companion = companion
    }
}

/// What a picked pair hands back (`--pairs`, the request's `pairs`).
public enum PairsChoice: String, Sendable, Hashable, CaseIterable {
    /// The still: the JPEG of a RAW+JPEG, the HEIC/JPEG of a Live Photo, a Motion Photo's file.
    case still
    /// The RAW file of a RAW+JPEG; the still for other pairs.
    case raw
    /// A Live Photo's movie; a Motion Photo's file (its video is inside); the still otherwise.
    case video
    /// Both files of a pair, still first.
    case all
}

/// What the pairing rules look at of a file: its type decides which side it can be on, and a
/// companion must also be named as one (`.MOV`, a RAW extension), so a listing that reads
/// names only (`photopick list`'s fast path) knows when a pair may be among its files.
enum PairRole {
    case still, raw, movie

    /// The RAW formats photopick lists (`MediaTypeByName`), as shared-mime-info names them.
    static let rawTypes: Set<String> = [
        "image/x-adobe-dng", "image/x-canon-cr2", "image/x-canon-cr3", "image/x-nikon-nef", "image/x-sony-arw",
        "image/x-fuji-raf", "image/x-olympus-orf", "image/x-panasonic-rw2", "image/x-panasonic-raw2",
        "image/x-pentax-pef",
    ]

    init?(mimeType: String, name: some Collection<UInt8>) {
        switch mimeType {
        case "image/jpeg", "image/pjpeg", "image/heic", "image/heif": self = .still
        case "video/quicktime":
            guard PairCompanionName.matches(name) else { return nil }
            self = .movie
        default:
            guard Self.rawTypes.contains(mimeType), PairCompanionName.matches(name) else { return nil }
            self = .raw
        }
    }

    init?(_ asset: Asset) { self.init(mimeType: asset.mimeType, name: asset.path.lastComponentBytes) }
}

/// Names a companion may have, by extension, ignoring case: `.mov` (a Live Photo's motion)
/// and the RAW formats photopick lists. A few byte compares, so a listing of a million names
/// can ask of each.
public enum PairCompanionName {
    private static let extensions: [[UInt8]] = ["mov", "dng", "cr2", "cr3", "nef", "arw", "raf", "orf", "rw2", "pef"]
        .map { Array($0.utf8) }

    /// `name` is a file name or a whole path: only its last four bytes are read.
    public static func matches(_ name: some Collection<UInt8>) -> Bool {
        // Every extension here is three letters: ".xyz" at the end, after at least one byte.
        let tail = Array(name.suffix(5))
        guard tail.count == 5, tail[1] == 0x2E, tail[0] != 0x2F else { return false }
        let a = tail[2] | 0x20, b = tail[3] | 0x20, c = tail[4] | 0x20
        return extensions.contains { $0[0] == a && $0[1] == b && $0[2] == c }
    }
}
