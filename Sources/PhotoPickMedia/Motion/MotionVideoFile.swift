internal import CMedia
import Glibc
import PhotoPickCore
import PhotoPickSystem

/// A Motion Photo's video, copied out of its still's file into an anonymous memory file and
/// played by path (`path`, /proc/self/fd/N): GTK's media file takes a file, never a stream
/// (GTK 4.8 asserts, 4.18 aborts), and GStreamer's typefind on the whole file sees the JPEG
/// first. Nothing is written to disk; the memory goes when the last descriptor does, so the
/// player lets go of its file before this is released (`deinit` closes it).
public final class MotionVideoFile: Sendable {
    /// A Motion Photo's video is a few seconds: seconds of phone video are a few MB. More than
    /// this is not a Motion Photo's, and would be held in memory.
    public static let maxBytes: Int64 = 256 << 20

    public let descriptor: Int32
    public let byteCount: Int64

    /// The name GStreamer opens (its own descriptor, at offset 0, on the same memory).
    public var path: RawPath { RawPath(SourceFile.procPath(descriptor)) }

    private init(descriptor: Int32, byteCount: Int64) {
        self.descriptor = descriptor
        self.byteCount = byteCount
    }

    deinit { close(descriptor) }

    /// Copies `range` of `file` (pread: bounded, checked against the file as it is now, since
    /// it may have changed after its metadata was read). Blocks on the disk: call it off the
    /// main thread.
    public static func copy(_ range: ByteRange, of file: RawPath) throws(MediaError) -> MotionVideoFile {
        guard range.offset >= 0, range.length > 0, let end = range.end else { throw .unreadable(path: file, reason: .endsEarly) }
        guard range.length <= maxBytes else { throw .unreadable(path: file, reason: .partTooLarge(limit: maxBytes)) }
        let input = try SourceFile.openForReading(file)
        defer { close(input) }
        var st = stat()
        guard fstat(input, &st) == 0, Int64(st.st_size) >= end else { throw .unreadable(path: file, reason: .endsEarly) }
        let memory: Int32
        do {
            memory = try Syscall.retrying("memfd_create") { pp_memfd_cloexec("photopick-motion") }
        } catch {
            throw .failed(path: file, step: .copy, reason: error.reason)
        }
        let video = MotionVideoFile(descriptor: memory, byteCount: range.length)  // closes it on a throw below
        var buffer = [UInt8](repeating: 0, count: Int(min(range.length, 1 << 20)))
        var done: Int64 = 0
        while done < range.length {
            let want = Int(min(Int64(buffer.count), range.length - done))
            let got: Int
            do {
                got = try Syscall.retrying("pread") { buffer.withUnsafeMutableBytes { pread(input, $0.baseAddress, want, off_t(range.offset + done)) } }
            } catch {
                throw .unreadable(path: file, reason: .error(error.reason))
            }
            // The file was cut since fstat.
            guard got > 0 else { throw .unreadable(path: file, reason: .endsEarly) }
            do {
                try FileContents.write(Array(buffer[..<got]), to: memory)
            } catch {
                throw .failed(path: file, step: .copy, reason: error.reason)
            }
            done += Int64(got)
        }
        return video
    }
}
