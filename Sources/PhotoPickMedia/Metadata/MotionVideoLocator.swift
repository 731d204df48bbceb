import PhotoPickCore
import PhotoPickSystem

/// Where a Motion Photo's video lies in its file: what its XMP claims, checked with one
/// small read, or for a HEIF the `mpvd` box that holds it (`EmbeddedVideo`). The file is
/// opened again only for a photo whose XMP makes the claim, or a HEIF.
enum MotionVideoLocator {
    static func find(_ path: RawPath, xmp: MotionPhotoXMP?, heif: Bool) -> ByteRange? {
        guard xmp != nil || heif, let file = RegularFile(path), file.size > 0, file.size <= UInt64(Int64.max) else { return nil }
        let read: QuickTimeHeader.Reader = { file.read(at: $0, count: $1) }
        if let claim = xmp?.range(fileSize: Int64(file.size)), let video = EmbeddedVideo.verified(claim, read: read) { return video }
        return heif ? EmbeddedVideo.heifMotionBox(fileSize: file.size, read: read) : nil
    }
}
