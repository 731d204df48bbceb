internal import CVips
import Foundation
import Glibc
import PhotoPickCore
import PhotoPickMedia
import PhotoPickSystem
import Synchronization

/// libvips, started once per process (only export workers start it). Its operation cache
/// is off: every export reads a different file once, and a cache would only hold memory.
enum VipsLibrary {
    /// Threads each image may use; set before the first use (`ready`).
    static let threads = Atomic(1)

    /// Set once libvips is up: before that there is nothing of it to release (and its
    /// thread shutdown would crash).
    private static let started = Atomic(false)

    static let ready: Bool = {
        // vips_init loads every dynamic module it finds beside libvips (Debian 8.14: ImageMagick,
        // poppler, OpenSlide, JPEG XL, HEIF), about 7 MB per worker, most of it ImageMagick.
        // An export needs HEIF alone: the search is pointed at a folder that cannot exist
        // (VIPSHOME is libvips' own override of where it looks) and the HEIF module is loaded
        // by hand, from where libvips itself was loaded.
        setenv("VIPSHOME", "/dev/null", 1)
        guard vips_init("photopick-export") == 0 else { return false }
        started.store(true, ordering: .sequentiallyConsistent)
        loadModule("vips-heif.so")
        vips_cache_set_max(0)
        vips_cache_set_max_mem(0)
        vips_cache_set_max_files(0)
        vips_concurrency_set(Int32(max(1, threads.load(ordering: .sequentiallyConsistent))))
        return true
    }()

    /// At a worker's start: large blocks always mapped on their own (see pp_bound_malloc).
    static func boundMalloc() { pp_bound_malloc() }

    /// Between two exports: nothing of the last one stays resident (see pp_release_memory).
    static func releaseMemory() { pp_release_memory(started.load(ordering: .sequentiallyConsistent) ? 1 : 0) }

    /// libvips' last error at `step` of exporting `path`, with its cause in words
    /// (`VipsErrorText`), and the error buffer cleared for the next call.
    static func takeError(_ step: MediaError.Step, _ path: RawPath) -> MediaError {
        let text = vips_error_buffer().map { String(cString: $0) } ?? ""
        vips_error_clear()
        if let over = VipsErrorText.heifLimit(text) {
            return .tooLarge(path: path, width: over.width, height: over.height,
                             limit: .libheif(width: over.maxWidth, height: over.maxHeight))
        }
        return .failed(path: path, step: step, reason: VipsErrorText.cause(text))
    }

    /// Loads one of libvips' modules (its loaders register themselves when it is opened); a
    /// module that is missing only means those formats go without (HEIF has HEIFDecoding).
    private static func loadModule(_ name: String) {
        guard let folder = moduleFolder() else { return }
        _ = pp_vips_load_module(folder + "/" + name)
    }

    /// `<libdir>/vips-modules-<major>.<minor>` (8.14 on Debian 12, 8.16 on 13), where libvips
    /// itself looks: libdir is the folder libvips.so was loaded from, and the version is the
    /// loaded library's (`vips_version`), not the headers' this was built with, so a build
    /// against 8.16 still finds the modules of an 8.17 that keeps the same soname.
    static func moduleFolder() -> String? {
        guard let file = pp_vips_library_file().map({ String(cString: $0) }),
              let slash = file.lastIndex(of: "/") else { return nil }
        return "\(file[..<slash])/vips-modules-\(vips_version(0)).\(vips_version(1))"
    }
}
