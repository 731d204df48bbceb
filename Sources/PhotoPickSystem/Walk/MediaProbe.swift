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
/// the reader's head — in the same read when the name says JPEG, else in a second read of
/// the same open file once the sniffer has said so.
public struct MediaProbe: Sendable {
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
        let expected = MediaTypeByName.guess(name).map { metadataReader?.headLength(forMimeType: $0) ?? 0 } ?? 0
        guard var head = file.read(at: 0, count: max(sniffLength, expected)), !head.isEmpty else {
            return .unreadable(code: errno)
        }
        let sniffed = sniffer.mimeType(name: name, head: head.count > sniffLength ? Array(head[..<sniffLength]) : head)
        guard let mime = sniffed, let kind = MediaKind(mimeType: mime) else { return .notMedia }
        guard let reader = metadataReader else { return .media(mimeType: mime, kind: kind, metadata: AssetMetadata()) }
        let wanted = reader.headLength(forMimeType: mime)
        if wanted > head.count, UInt64(head.count) < file.size,
           let rest = file.read(at: UInt64(head.count), count: wanted - head.count) {
            head += rest
        }
        return .media(mimeType: mime, kind: kind, metadata: reader.metadata(for: path, mimeType: mime, modified: modified, head: head))
    }
}
