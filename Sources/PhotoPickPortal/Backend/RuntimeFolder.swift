import Foundation
import PhotoPickCore
import PhotoPickSystem

/// The backend's private folder for the request and response files of the windows open now:
/// `$XDG_RUNTIME_DIR/photopick-portal-PID-XXXXXX`, mode 0700, made when the backend starts
/// and removed when it stops. Never in a shared `/tmp`: without a usable `XDG_RUNTIME_DIR`
/// the backend does not run. Checked before each request (owner, 0700, not a link) and made
/// anew if it went away; folders a killed backend left behind are removed at the next start,
/// with the picked paths in them.
@MainActor
public final class RuntimeFolder {
    static let prefix = "photopick-portal-"

    private let base: RawPath
    private var made: RawPath?

    /// Refuses a `base` that is unset, relative, or not a folder only this user may write.
    public init(base: String?) throws {
        guard let base, base.hasPrefix("/") else {
            throw BackendFailure("XDG_RUNTIME_DIR is not set to an absolute path; photopick-portal keeps requests only there, never in a shared /tmp")
        }
        self.base = RawPath(base)
        try checkBase()
    }

    /// `XDG_RUNTIME_DIR` and every folder above it: checked at start and before each folder
    /// is made, so nobody else can swap it between two requests.
    private func checkBase() throws {
        if let problem = PrivateFolder.problem(base, exact: false) {
            throw BackendFailure("XDG_RUNTIME_DIR \(base) is not private to this user: \(problem)")
        }
        if let problem = PrivateFolder.ancestorsProblem(base) {
            throw BackendFailure("XDG_RUNTIME_DIR \(base) is not private to this user: \(problem)")
        }
    }

    /// Removes what backends that are no longer running left here, then makes this one's folder.
    public func prepare() throws {
        for stale in staleFolders() {
            Log.line("removing \(stale), left by a backend that is not running")
            PrivateFolder.remove(stale)
        }
        _ = try path()
    }

    /// The folder, checked now; made anew when it is gone or cannot be trusted.
    func path() throws -> String {
        if let made {
            guard let problem = PrivateFolder.problem(made) else { return made.description }
            Log.line("the private folder \(made) cannot be used (\(problem)); making a new one")
            if problem != .missing, problem != .notAFolder, problem != .notOwned { PrivateFolder.remove(made) }
            self.made = nil
        }
        try checkBase()
        let folder: RawPath
        do {
            folder = try PrivateFolder.make(in: base, prefix: "\(Self.prefix)\(getpid())-")
        } catch {
            throw BackendFailure("cannot make a private folder in \(base): \(error.reason)")
        }
        made = folder
        return folder.description
    }

    func remove() {
        guard let made else { return }
        PrivateFolder.remove(made)
        self.made = nil
    }

    /// `photopick-portal-PID-…` folders of ours whose PID is not a running photopick-portal,
    /// and any older `photopick-portal-XXXXXX` ones (made before the PID was in the name).
    private func staleFolders() -> [RawPath] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: base.description)) ?? []
        return names.filter { $0.hasPrefix(Self.prefix) }.compactMap { name in
            let rest = name.dropFirst(Self.prefix.count)
            let parts = rest.split(separator: "-", maxSplits: 1)
            if parts.count == 2, let pid = Int32(parts[0]), pid == getpid() || Self.isBackend(pid) { return nil }
            let path = base.appending(component: Array(name.utf8))
            switch PrivateFolder.problem(path) {
            case nil, .openToOthers?: return path
            default: return nil  // a link or someone else's: not ours to remove
            }
        }
    }

    private static func isBackend(_ pid: Int32) -> Bool {
        // A zombie (a backend killed a moment ago, not yet reaped) is not running: its fields
        // after the name in parentheses start with the state, Z or X.
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")"),
              let state = stat[stat.index(after: close)...].first(where: { $0 != " " }), state != "Z", state != "X"
        else { return false }
        // comm is the program's name cut to 15 bytes: "photopick-porta".
        guard let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8) else { return false }
        let name = comm.trimmingCharacters(in: .whitespacesAndNewlines)
        return !name.isEmpty && "photopick-portal".hasPrefix(name)
    }
}

/// A step of a request that could not be done; said in the log, answered with 2.
struct BackendFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
