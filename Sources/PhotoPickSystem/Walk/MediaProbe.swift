#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// What a file is and what it says, from one open of it: its content type from its first
/// bytes (the sniffer), then its metadata, from the same bytes where the reader can use
/// them (a JPEG's header segments). The scanner and the watcher's re-read (`FolderDiff`,
/// also the warm open's recheck) both probe through this, so a file new to either is
/// opened once and never handed to exiv2 when its head settles it.
///
/// Only what the type needs is read: the sniffer's bytes for most files, and for a JPEG
/// its header segments — the first `firstRead` bytes in the same read when the name says
/// JPEG, and up to the reader's whole head in a second read of the same open file when
/// they end later (a large Exif thumbnail) or the sniffer found a JPEG by another name.
public struct MediaProbe: Sendable {
    /// Holds the header of a JPEG without a large Exif thumbnail; copying a whole 64 KiB
    /// head for every small photo showed in perf (`_copy_to_iter`).
    public static let firstRead = 16 * 1024

    public let sniffer: any ContentTypeSniffer
    public let metadataReader: (any MetadataReader)?

    public enum Outcome {
        case media(mimeType: String, kind: MediaKind, metadata: AssetMetadata)
        case notMedia
        /// Not opened or not read: `errno` then (0 for a file that is no longer regular, or empty).
        case unreadable(code: Int32)
    }

    public init(sniffer: any ContentTypeSniffer, metadataReader: (any MetadataReader)?) {
        self.sniffer = sniffer
        self.metadataReader = metadataReader
    }

    public func probe(_ path: RawPath, name: [UInt8], modified: Double) -> Outcome {
        errno = 0
        guard let file = RegularFile(path) else { return .unreadable(code: errno) }
        let sniffLength = sniffer.headLength
        let expected = min(Self.firstRead, MediaTypeByName.guess(name).map { metadataReader?.headLength(forMimeType: $0) ?? 0 } ?? 0)
        guard let head = file.read(at: 0, count: max(sniffLength, expected)), !head.isEmpty else {
            return .unreadable(code: errno)
        }
        let sniffed = sniffer.mimeType(name: name, head: head.count > sniffLength ? Array(head[..<sniffLength]) : head)
        guard let mime = sniffed, let kind = MediaKind(mimeType: mime) else { return .notMedia }
        return .media(mimeType: mime, kind: kind, metadata: metadata(of: file, path: path, mimeType: mime, modified: modified, head: head))
    }

    /// The metadata of an open file known to be `mimeType`, from `head` (its first bytes as
    /// read so far; when nil, read here as `probe` reads them for a file so named): the
    /// header walked once, and read on only when it runs past `head`. `probe` and the bench
    /// both come through here, so the bench measures what the scan does.
    public func metadata(of file: RegularFile, path: RawPath, mimeType: String, modified: Double,
                         head: [UInt8]? = nil) -> AssetMetadata {
        guard let reader = metadataReader else { return AssetMetadata() }
        var head = head ?? firstRead(of: file, mimeType: mimeType)
        if let metadata = reader.metadata(for: path, mimeType: mimeType, modified: modified, head: head,
                                          fileGoesOn: UInt64(head.count) < file.size) {
            return metadata
        }
        head = readingRest(head, of: file, mimeType: mimeType)
        return reader.metadata(for: path, mimeType: mimeType, modified: modified, head: head)
    }

    /// The first read `probe` makes of a file named as `mimeType` (beyond the sniff's bytes).
    private func firstRead(of file: RegularFile, mimeType: String) -> [UInt8] {
        let first = min(Self.firstRead, metadataReader?.headLength(forMimeType: mimeType) ?? 0)
        return first > 0 ? file.read(at: 0, count: first) ?? [] : []
    }

    /// `head` and the rest of the reader's head from the same open file, if there is more.
    private func readingRest(_ head: [UInt8], of file: RegularFile, mimeType: String) -> [UInt8] {
        let wanted = metadataReader?.headLength(forMimeType: mimeType) ?? 0
        guard wanted > head.count, UInt64(head.count) < file.size,
              let rest = file.read(at: UInt64(head.count), count: wanted - head.count) else { return head }
        return head + rest
    }
}
