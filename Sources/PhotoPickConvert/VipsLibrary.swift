internal import CVips
import Foundation
import PhotoPickCore
import PhotoPickMedia

/// libvips, started once per process (only export workers start it). Its operation cache
/// is off: every export reads a different file once, and a cache would only hold memory.
enum VipsLibrary {
    /// Threads each image may use; set before the first use (`start`).
    nonisolated(unsafe) static var threads = 1

    /// Set once libvips is up: before that there is nothing of it to release (and its
    /// thread shutdown would crash).
    nonisolated(unsafe) private static var started = false

    static let ready: Bool = {
        guard vips_init("photopick-export") == 0 else { return false }
        started = true
        vips_cache_set_max(0)
        vips_cache_set_max_mem(0)
        vips_cache_set_max_files(0)
        vips_concurrency_set(Int32(max(1, threads)))
        return true
    }()

    /// Between two exports: nothing of the last one stays resident (see pp_release_memory).
    static func releaseMemory() { pp_release_memory(started ? 1 : 0) }

    /// libvips' last error, one line, and the error buffer cleared for the next call.
    static func takeError(_ fallback: String) -> MediaError {
        let text = vips_error_buffer().map { String(cString: $0) } ?? ""
        vips_error_clear()
        // The buffer holds "loader: reason\n" lines; the last line is the most specific.
        let line = text.split(separator: "\n").last.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
        return MediaError(line.isEmpty ? fallback : "\(fallback): \(line)")
    }
}
