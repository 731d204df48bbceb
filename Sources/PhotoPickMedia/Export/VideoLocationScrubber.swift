import Glibc
import PhotoPickCore
import PhotoPickSystem

/// A video exported without its location: copied, then in the copy every metadata box
/// `QuickTimeMetadata` does not keep is blanked (its type made `free`, its bytes zeros, its
/// size the same, so no offset moves and the media is not touched), and the copy read back:
/// it must hold nothing left to blank and no place. A video that cannot be cleaned (not MP4
/// or QuickTime, boxes that do not add up, a track of GPS samples) is refused with the
/// reason, never copied with its location.
enum VideoLocationScrubber {
    /// Copies `input` (the original, `source`) into `output` (the temporary file at `temporary`)
    /// and cleans the copy.
    static func copy(from input: Int32, to output: Int32, source: RawPath, temporary: RawPath) throws(MediaError) -> Int64 {
        // The very file `input` is, read through a descriptor of its own.
        guard let original = RegularFile(RawPath(SourceFile.procPath(input))) else {
            throw .unreadable(path: source, reason: .error(nil))
        }
        let plan = QuickTimeMetadata.read(fileSize: original.size) { original.read(at: $0, count: $1) }
        if let refusal = plan.refusal { throw .videoNotCleaned(.location(refusal)) }
        let copied = try VideoCopy.copy(from: input, to: output, source: source)
        guard copied == Int64(original.size) else { throw .videoNotCleaned(.changedWhileCopied) }
        for blank in plan.blanks { try write(blank, into: output) }
        try check(temporary)
        return copied
    }

    /// The copy as any reader sees it: nothing left to blank, no place, no XMP.
    private static func check(_ temporary: RawPath) throws(MediaError) {
        guard let copy = RegularFile(temporary) else { throw .videoNotCleaned(.copyUnreadable) }
        let again = QuickTimeMetadata.read(fileSize: copy.size) { copy.read(at: $0, count: $1) }
        guard again.refusal == nil, again.blanks.isEmpty, again.location == nil, again.xmpPackets.isEmpty else {
            throw .videoNotCleaned(.copyNotClean)
        }
    }

    private static let free: [UInt8] = Array("free".utf8)
    private static let zeros = [UInt8](repeating: 0, count: 1 << 16)

    /// `blank` made a `free` box of zeros in `output`; its size field stays as it was.
    private static func write(_ blank: QuickTimeMetadata.Blank, into output: Int32) throws(MediaError) {
        try writeAll(output, free[...], at: blank.offset + 4)
        var at = blank.offset + UInt64(blank.headerLength)
        let end = blank.offset + blank.size
        while at < end {
            let count = Int(min(UInt64(zeros.count), end - at))
            try writeAll(output, zeros[..<count], at: at)
            at += UInt64(count)
        }
    }

    private static func writeAll(_ fd: Int32, _ bytes: ArraySlice<UInt8>, at offset: UInt64) throws(MediaError) {
        var done = 0
        while done < bytes.count {
            do {
                done += try Syscall.retrying("pwrite") {
                    bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress! + done, $0.count - done, off_t(offset) + off_t(done)) }
                }
            } catch {
                throw .unwritable(path: nil, reason: error.reason)
            }
        }
    }
}
