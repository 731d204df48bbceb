import Glibc
import PhotoPickCore

/// Video metadata from the container's header (MP4, QuickTime, M4V, 3GP): the duration,
/// the creation time and the displayed size, parsed by `QuickTimeHeader` from a few
/// `pread`s of the file, never the media data itself. Other containers (WebM, Matroska,
/// AVI) keep their file-name or modification date.
enum VideoMetadata {
    static let mimeTypes: Set<String> = [
        "video/mp4", "video/quicktime", "video/x-m4v", "video/3gpp", "video/3gpp2", "application/mp4",
    ]

    static func read(_ path: RawPath) -> MetadataFindings {
        // O_NONBLOCK: a file swapped for a FIFO since the scan must not block the reader.
        let fd = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
        guard fd >= 0 else { return MetadataFindings() }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_size > 0 else { return MetadataFindings() }
        let header = QuickTimeHeader.parse(fileSize: UInt64(st.st_size)) { offset, count in
            guard count >= 0, offset <= UInt64(Int64.max) else { return nil }
            var buffer = [UInt8](repeating: 0, count: count)
            var done = 0
            while done < count {
                let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, count - done, off_t(offset) + off_t(done)) }
                if n < 0 && errno == EINTR { continue }
                if n < 0 { return nil }
                if n == 0 { break }  // the end of the file
                done += n
            }
            return Array(buffer.prefix(done))
        }
        return header.map(MetadataFindings.init(video:)) ?? MetadataFindings()
    }
}
