import Foundation
#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

extension BaseDirectories {
    /// This process's own folders (its caches, its settings, the thumbnailers it may run): the
    /// XDG rules of `BaseDirectories` over `environment`, with a `HOME` that is unset, empty
    /// or relative taken from the user database, and `/` when the user has no entry there
    /// either. That is what GLib's `g_get_home_dir` and Foundation's `NSHomeDirectory`, which
    /// named these folders before, fall back on; so every `…Home` here is known.
    public static func ofThisProcess(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> BaseDirectories {
        BaseDirectories(environment: environment, homeFallback: userDatabaseHome() ?? "/")
    }

    /// One of this process's home folders (`\.cacheHome`, `\.configHome`…), which are never
    /// unknown: `ofThisProcess` always has a home.
    public static func ofThisProcess(_ folder: KeyPath<BaseDirectories, String?>,
                                     _ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        ofThisProcess(environment)[keyPath: folder] ?? "/"
    }

    /// The home folder the user database (`getpwuid_r`) gives this process's real user; nil
    /// without an entry or with one that names no absolute folder.
    static func userDatabaseHome() -> String? {
        var size = max(Int(sysconf(Int32(_SC_GETPW_R_SIZE_MAX))), 1024)
        while size <= 1 << 20 {
            var buffer = [CChar](repeating: 0, count: size)
            // The entry's strings live in `buffer`: read while it is lent out.
            let (status, directory) = buffer.withUnsafeMutableBufferPointer { storage -> (Int32, String?) in
                var entry = passwd()
                var found: UnsafeMutablePointer<passwd>?
                let status = getpwuid_r(getuid(), &entry, storage.baseAddress!, storage.count, &found)
                return (status, status == 0 && found != nil ? entry.pw_dir.map { String(cString: $0) } : nil)
            }
            if status == EINTR { continue }
            if status == ERANGE {
                size *= 2
                continue
            }
            return BaseDirectories.absolute(directory)
        }
        return nil
    }
}
