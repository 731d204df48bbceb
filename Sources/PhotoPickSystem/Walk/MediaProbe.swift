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
        guard var head = file.read(at: 0, count: max(sniffLength, expected)), !head.isEmpty else {
            return .unreadable(code: errno)
        }
        let sniffed = sniffer.mimeType(name: name, head: head.count > sniffLength ? Array(head[..<sniffLength]) : head)
        guard let mime = sniffed, let kind = MediaKind(mimeType: mime) else { return .notMedia }
        guard let reader = metadataReader else { return .media(mimeType: mime, kind: kind, metadata: AssetMetadata()) }
        if let metadata = reader.metadata(for: path, mimeType: mime, modified: modified, head: head,
                                          fileGoesOn: UInt64(head.count) < file.size) {
            return .media(mimeType: mime, kind: kind, metadata: metadata)
        }
        head = readingRest(head, of: file, mimeType: mime)
        return .media(mimeType: mime, kind: kind, metadata: reader.metadata(for: path, mimeType: mime, modified: modified, head: head))
    }

    /// The head the metadata reader gets for an open file already known to be `mimeType`,
    /// read as `probe` reads it (the bench measures this).
    public func metadataHead(of file: RegularFile, mimeType: String) -> [UInt8] {
        let first = min(Self.firstRead, metadataReader?.headLength(forMimeType: mimeType) ?? 0)
        return readingOn(first > 0 ? file.read(at: 0, count: first) ?? [] : [], of: file, mimeType: mimeType)
    }

    /// `head` and, when the reader can use more of a file of this type and `head` does not
    /// hold it all, the rest of the reader's head from the same open file.
    private func readingOn(_ head: [UInt8], of file: RegularFile, mimeType: String) -> [UInt8] {
        guard let reader = metadataReader, !reader.headSuffices(head, mimeType: mimeType) else { return head }
        return readingRest(head, of: file, mimeType: mimeType)
    }

    /// `head` and the rest of the reader's head from the same open file, if there is more.
    private func readingRest(_ head: [UInt8], of file: RegularFile, mimeType: String) -> [UInt8] {
        let wanted = metadataReader?.headLength(forMimeType: mimeType) ?? 0
        guard wanted > head.count, UInt64(head.count) < file.size,
              let rest = file.read(at: UInt64(head.count), count: wanted - head.count) else { return head }
        return head + rest
    }
}
