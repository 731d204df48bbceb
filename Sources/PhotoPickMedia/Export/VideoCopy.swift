internal import CMedia
import Glibc
import PhotoPickCore
import PhotoPickSystem

/// A video exported as it is: its bytes copied into the temporary file (no transcoding).
/// Removing its metadata would need re-encoding, which photopick does not do: refused; so is
/// a video that records where it was taken when the location is to go.
public enum VideoCopy {
    static let stripRefusal = "removing a video's metadata needs re-encoding, which photopick does not do"
    static let locationRefusal = "this video records where it was taken, and removing that needs rewriting the video, which photopick does not do"

    public static func run(_ job: ExportJob) -> Result<ExportedFile, MediaError> {
        guard job.strip != .all else { return .failure(MediaError(stripRefusal)) }
        do {
            let input = try SourceFile.openForReading(job.source)
            defer { close(input) }
            if job.strip == .location, hasLocation(input) { return .failure(MediaError(locationRefusal)) }
            let output = try SourceFile.openForWriting(job.temporary)
            defer { close(output) }
            let copied = try copy(from: input, to: output)  // synced by ExportRun before the rename
            return .success(ExportedFile(fileExtension: ownExtension(job.source), bytes: copied))
        } catch {
            return .failure(error)
        }
    }

    /// QuickTime and MP4 keep a place in `©xyz` (udta), 3GPP's `loci`, or the
    /// `…location.ISO6709` key (mdta), all inside the `moov` box: the top-level boxes are
    /// walked to it and only it is searched, never the media. A `moov` that cannot be read
    /// (or is absurdly large) counts as located: the location must not slip through.
    static func hasLocation(_ fd: Int32) -> Bool {
        var st = stat()
        guard fstat(fd, &st) == 0 else { return true }
        let size = Int64(st.st_size)
        var offset: Int64 = 0
        while offset + 8 <= size {
            guard let header = readBytes(fd, at: offset, count: 16), header.count >= 8 else { return true }
            var boxSize = Int64(header[0]) << 24 | Int64(header[1]) << 16 | Int64(header[2]) << 8 | Int64(header[3])
            if boxSize == 1, header.count == 16 { boxSize = header[8..<16].reduce(0) { $0 << 8 | Int64($1) } }
            if boxSize == 0 { boxSize = size - offset }
            guard boxSize >= 8 else { return true }
            if header[4..<8].elementsEqual("moov".utf8) {
                guard boxSize <= 256 << 20, let moov = readBytes(fd, at: offset, count: Int(boxSize)) else { return true }
                let markers: [[UInt8]] = [[0xA9] + Array("xyz".utf8), Array("loci".utf8), Array("location.ISO6709".utf8)]
                return markers.contains { contains(moov, $0) }
            }
            offset += boxSize
        }
        return false  // no moov: not a QuickTime/MP4 file (Matroska, AVI…), nothing known to look for
    }

    private static func readBytes(_ fd: Int32, at offset: Int64, count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(offset)) }
        guard got > 0 else { return nil }
        bytes.removeSubrange(got...)
        return bytes
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count, let first = needle.first else { return false }
        var i = 0
        while i <= haystack.count - needle.count {
            if haystack[i] == first, haystack[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }

    /// The original's extension (`MOV` of `clip.MOV`), as `ExportPublishing.stem` splits the
    /// name; none for a name without one, so the copy is named exactly like its original.
    static func ownExtension(_ source: RawPath) -> [UInt8] {
        let name = Array(source.lastComponentBytes)
        guard let dot = name.lastIndex(of: 0x2E), dot > 0 else { return [] }
        return Array(name[(dot + 1)...])
    }

    /// copy_file_range (a reflink or an in-kernel copy where the file system can), falling
    /// back to read/write where it cannot (across some file systems, older kernels).
    private static func copy(from input: Int32, to output: Int32) throws(MediaError) -> Int64 {
        var total: Int64 = 0
        while true {
            let n = pp_copy_file_range(input, output, 1 << 30)
            if n > 0 { total += Int64(n); continue }
            if n == 0 { return total }
            if errno == EINTR { continue }
            if total == 0, [EXDEV, EINVAL, ENOSYS, EOPNOTSUPP].contains(errno) { break }
            throw MediaError("could not be copied: \(SystemError.text(errno))")
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let got = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw MediaError("could not be read: \(SystemError.text(errno))") }
            if got == 0 { return total }
            do {
                try FileContents.write(Array(buffer[..<got]), to: output)
            } catch {
                throw MediaError("could not be copied: \(error.reason)")
            }
            total += Int64(got)
        }
    }
}
