import PhotoPickCore
import PhotoPickSystem

/// Where a Motion Photo's video lies in its file: what its XMP claims, checked with one
/// small read; for a HEIF the `mpvd` box that holds it (`EmbeddedVideo`); for a Samsung
/// photo without Google's XMP the SEF trailer at its end (`SamsungTrailer`). The file is
/// opened again only for a photo whose XMP makes the claim, a HEIF or a Samsung camera's
/// photo: the rest of a library pays nothing.
enum MotionVideoLocator {
    static func find(_ path: RawPath, xmp: MotionPhotoXMP?, heif: Bool, make: String?) -> ByteRange? {
        let samsung = make.map(mayHaveTrailer) ?? false
        guard xmp != nil || heif || samsung, let file = RegularFile(path), file.size > 0,
              file.size <= UInt64(Int64.max) else { return nil }
        let read: QuickTimeHeader.Reader = { file.read(at: $0, count: $1) }
        if let claim = xmp?.range(fileSize: Int64(file.size)), let video = EmbeddedVideo.verified(claim, read: read) { return video }
        if heif, let video = EmbeddedVideo.heifMotionBox(fileSize: file.size, read: read) { return video }
        return samsung ? SamsungTrailer.motionVideo(fileSize: file.size, read: read) : nil
    }

    /// Samsung's cameras write the trailer ("samsung", "SAMSUNG"). Asked of every JPEG the
    /// scan reads, so compared in place rather than lowercased into a new string.
    static func mayHaveTrailer(_ make: String) -> Bool {
        let name = "samsung".utf8
        var bytes = make.utf8.makeIterator()
        return name.allSatisfy { letter in bytes.next().map { $0 | 0x20 == letter } ?? false }
    }
}
