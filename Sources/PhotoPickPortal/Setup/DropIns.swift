import PhotoPickCore
import PhotoPickSystem

/// The drop-ins systemd applies to the user's `xdg-desktop-portal.service`: `*.conf` in its
/// `.d` folders (the user's, `/etc`'s, the package's), a name in an earlier folder hiding
/// the same name in a later one, applied in the order of their names.
enum DropIns {
    static func files(_ paths: SetupPaths) -> [String] {
        let dirs = (paths.dropInDir.map { [$0] } ?? [])
            + ["/etc/systemd/user", "/usr/lib/systemd/user"].map { $0 + "/" + SetupPaths.portalUnit + ".d" }
        var byName: [String: String] = [:]
        for dir in dirs {
            for name in PathStatus.names(in: RawPath(dir)) ?? [] where name.hasSuffix(".conf") && byName[name] == nil {
                byName[name] = dir + "/" + name
            }
        }
        return byName.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.map { byName[$0]! }
    }

    /// The `XDG_CURRENT_DESKTOP` they give the portal, or nil when none sets it.
    static func currentDesktop(_ paths: SetupPaths) -> String? {
        PortalDropIn.currentDesktop(in: files(paths).compactMap { path in
            if case .bytes(let bytes) = SmallFile.read(RawPath(path)) { return bytes }
            return nil
        })
    }

    /// A drop-in applied after `path` that sets `XDG_CURRENT_DESKTOP` as well.
    static func laterSetting(after path: String, _ paths: SetupPaths) -> String? {
        let all = files(paths)
        guard let index = all.firstIndex(of: path) else { return nil }
        return all[(index + 1)...].first { later in
            guard case .bytes(let bytes) = SmallFile.read(RawPath(later)) else { return false }
            return PortalDropIn.currentDesktop(in: [bytes]) != nil
        }
    }
}
