internal import CMedia
import Glibc
import PhotoPickCore
import PhotoPickSystem

/// A video exported as it is: its bytes copied into the temporary file (no transcoding), and
/// with the location to go, cleaned of it in the copy (`VideoLocationScrubber`). Removing all
/// its metadata would need re-encoding, which photopick does not do: refused.
public enum VideoCopy {
    public static func run(_ job: ExportJob) -> Result<ExportedFile, MediaError> {
        guard job.strip != .all else { return .failure(.videoNotCleaned(.allMetadata)) }
        do {
            let input = try SourceFile.openForReading(job.source)
            defer { close(input) }
            let output = try SourceFile.openForWriting(job.temporary)
            defer { close(output) }
            // Synced by ExportRun before the rename.
            let copied = job.strip == .location
                ? try VideoLocationScrubber.copy(from: input, to: output, source: job.source, temporary: job.temporary)
                : try copy(from: input, to: output, source: job.source)
            return .success(ExportedFile(fileExtension: ownExtension(job.source), bytes: copied))
        } catch {
            return .failure(error)
        }
    }

    /// The original's extension (`MOV` of `clip.MOV`), as `ExportPublishing.stem` splits the
    /// name; none for a name without one, so the copy is named exactly like its original.
    static func ownExtension(_ source: RawPath) -> [UInt8] {
        let name = Array(source.lastComponentBytes)
        guard let dot = name.lastIndex(of: 0x2E), dot > 0 else { return [] }
        return Array(name[(dot + 1)...])
    }

    /// copy_file_range (a reflink or an in-kernel copy where the file system can), falling
    /// back to read/write where it cannot (across some file systems, older kernels). `source`
    /// is the file `input` reads, for a read that fails.
    static func copy(from input: Int32, to output: Int32, source: RawPath) throws(MediaError) -> Int64 {
        var total: Int64 = 0
        while true {
            let n = pp_copy_file_range(input, output, 1 << 30)
            if n > 0 { total += Int64(n); continue }
            if n == 0 { return total }
            if errno == EINTR { continue }
            if total == 0, [EXDEV, EINVAL, ENOSYS, EOPNOTSUPP].contains(errno) { break }
            throw .failed(path: source, step: .copy, reason: SystemError.text(errno))
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let got = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw .unreadable(path: source, reason: .error(SystemError.text(errno))) }
            if got == 0 { return total }
            do {
                try FileContents.write(Array(buffer[..<got]), to: output)
            } catch {
                throw .unwritable(path: nil, reason: error.reason)
            }
            total += Int64(got)
        }
    }
}
