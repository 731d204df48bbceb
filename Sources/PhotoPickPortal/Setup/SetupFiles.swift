#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore
import PhotoPickGLib
import PhotoPickSystem

/// Reading what xdg-desktop-portal reads, as it reads it: key files through GLib's parser,
/// never more than a small file, and never anything but a regular file.
enum SetupFiles {
    enum Loaded {
        case missing
        case keyFile(KeyFile, bytes: [UInt8])
        /// Cannot be read, or is not a key file: why.
        case unusable(String)
    }

    static func load(_ path: String) -> Loaded {
        switch SmallFile.read(RawPath(path)) {
        case .missing: return .missing
        case .unreadable(let why): return .unusable(why)
        case .bytes(let bytes):
            var problem = ""
            // GLib's message quotes the line it could not read: escaped, it is safe to print.
            guard let file = KeyFile(bytes: bytes, problem: { problem = $0 }) else { return .unusable(LogText.value(problem, limit: 200)) }
            return .keyFile(file, bytes: bytes)
        }
    }

    /// The `[preferred]` entries of a `portals.conf` as the portal takes them; nil when it
    /// passes over the file (no entry, or one that is not a list).
    static func preferred(_ file: KeyFile) -> [(key: String, portals: [String])]? {
        let keys = file.keys(PortalsConfText.group)
        guard !keys.isEmpty else { return nil }
        var entries: [(key: String, portals: [String])] = []
        for key in keys {
            guard let list = file.stringList(PortalsConfText.group, key) else { return nil }
            entries.append((key, list))
        }
        return entries
    }

    /// The first `[preferred]` key whose value is not a list (a bad escape, not UTF-8): the
    /// portal passes over a file with one.
    static func unreadableEntry(_ file: KeyFile) -> String? {
        file.keys(PortalsConfText.group).first { file.stringList(PortalsConfText.group, $0) == nil }
    }

    /// A configuration folder's files in the portal's order: the desktops' own, then `portals.conf`.
    static func configFiles(in dir: String, desktop: DesktopNames) -> [String] {
        (desktop.configFileNames + ["portals.conf"]).map { dir + "/" + $0 }
    }

    /// The `portals.conf` the portal uses: the first usable file of `dirs`, with its raw
    /// entries (to copy); `skipped` hears of files it passes over, and why.
    static func configInEffect(dirs: [String], desktop: DesktopNames,
                               skipped: (String, String) -> Void = { _, _ in }) -> (config: FileChooserRoute.Config, raw: [(key: String, value: String)])? {
        for dir in dirs {
            for path in configFiles(in: dir, desktop: desktop) {
                switch load(path) {
                case .missing: continue
                case .unusable(let why): skipped(path, why)
                case .keyFile(let file, _):
                    guard let entries = preferred(file) else {
                        skipped(path, tr("no usable [preferred] entry"))
                        continue
                    }
                    let raw = entries.map { (key: $0.key, value: file.rawValue(PortalsConfText.group, $0.key) ?? "") }
                    return (FileChooserRoute.Config(path: path, entries: entries), raw)
                }
            }
        }
        return nil
    }

    /// The `.portal` files in `dirs`, a name's first file winning; files the portal would
    /// refuse (no bus name, no interfaces) left out.
    static func backends(in dirs: [String]) -> [FileChooserRoute.Backend] {
        var found: [String: FileChooserRoute.Backend] = [:]
        for dir in dirs {
            for name in (PathStatus.names(in: RawPath(dir)) ?? []).sorted() where name.hasSuffix(".portal") {
                let source = String(name.dropLast(".portal".count))
                guard found[source] == nil, case .keyFile(let file, _) = load(dir + "/" + name),
                      let bus = file.string("portal", "DBusName"),
                      let interfaces = file.stringList("portal", "Interfaces") else { continue }
                found[source] = .init(name: source, busName: bus, interfaces: interfaces,
                                      useIn: file.hasKey("portal", "UseIn") ? file.stringList("portal", "UseIn") : nil)
            }
        }
        return Array(found.values)
    }

    /// The first of `dirs` holding `name`, as a path.
    static func first(_ name: String, in dirs: [String]) -> String? {
        dirs.map { $0 + "/" + name }.first { (try? PathStatus.of(RawPath($0), followingLinks: true))??.kind == .regular }
    }

    /// When anything under `paths` last changed (a file, or a folder's list of names).
    static func lastChange(_ paths: [String]) -> Double {
        paths.compactMap { (try? PathStatus.of(RawPath($0), followingLinks: true))??.changed }.max() ?? 0
    }

    /// Whether `folder` is there: a folder, or a link to one. Anything else there is refused.
    @discardableResult
    static func checkFolder(_ folder: String) throws(SetupError) -> Bool {
        let path = RawPath(folder)
        let status: PathStatus?
        do {
            status = try PathStatus.of(path, followingLinks: true)
        } catch {
            throw SetupError(tr("cannot use %1$s: %2$s", folder, error.reason))
        }
        if let status {
            guard status.kind == .directory else { throw SetupError(tr("%s is not a folder", folder)) }
            return true
        }
        if (try? PathStatus.of(path))??.kind == .symbolicLink {
            throw SetupError(tr("%s is a symbolic link to nothing", folder))
        }
        return false
    }

    /// Makes `folder` (and its parents) unless it is there; a link to a folder counts as one.
    static func ensureFolder(_ folder: String) throws(SetupError) {
        guard try !checkFolder(folder) else { return }
        do {
            try Folders.create(RawPath(folder))
        } catch {
            throw SetupError(tr("cannot create %1$s: %2$s", folder, error.reason))
        }
    }

    /// The outermost folder that making `folder` would create (it, or a missing parent), no
    /// higher than `root`; nil when `folder` is there, or is not inside `root`.
    static func missingFolder(_ folder: String, within root: String) throws(SetupError) -> String? {
        guard folder == root || folder.hasPrefix(root + "/"), try !checkFolder(folder) else { return nil }
        var top = folder
        while top != root {
            let parent = RawPath(top).parent.description
            guard try !checkFolder(parent) else { break }
            top = parent
        }
        return top
    }

    /// Removes `folder` and its parents up to `top` while they are empty: the folders enable
    /// made, once nothing of photopick's or anyone's is in them.
    static func removeEmptyFolders(from folder: String, through top: String) {
        var current = folder
        while current == top || current.hasPrefix(top + "/") {
            guard Folders.removeIfEmpty(RawPath(current)) else { return }
            current = RawPath(current).parent.description
        }
    }

    /// The bytes of a file photopick may replace: missing (nil), or a regular file it can
    /// read; a link, a folder or a device is refused, and so is a file it cannot read, and
    /// one with other hard links (replacing it by rename would part it from them).
    static func replaceable(_ path: String) throws(SetupError) -> (bytes: [UInt8], mode: UInt32)? {
        let status: PathStatus?
        do {
            status = try PathStatus.of(RawPath(path))
        } catch {
            throw SetupError(tr("cannot use %1$s: %2$s", path, error.reason))
        }
        guard let status else { return nil }
        switch status.kind {
        case .regular:
            guard status.links <= 1 else {
                throw SetupError(tr("%s has other hard links: photopick does not replace it, which would part it from them; edit it yourself, or make it a file of its own (cp it, then mv the copy over it) and run this again", path))
            }
        case .symbolicLink:
            throw SetupError(tr("%s is a symbolic link: photopick does not replace links; edit the file it leads to yourself, or remove the link and run this again", path))
        default:
            throw SetupError(tr("%s is not a regular file", path))
        }
        switch SmallFile.read(RawPath(path)) {
        case .bytes(let bytes): return (bytes, status.mode)
        case .missing: return nil
        case .unreadable(let why): throw SetupError(tr("cannot read %1$s: %2$s", path, why))
        }
    }

    /// Writes `bytes` atomically with permission bits `mode` (never setuid, setgid or sticky).
    static func write(_ bytes: [UInt8], to path: String, mode: UInt32) throws(SetupError) {
        do {
            try AtomicFile.write(bytes, to: RawPath(path), mode: mode_t(mode & 0o777))
        } catch {
            throw SetupError(tr("cannot write %1$s: %2$s", path, error.description))
        }
    }

    static func remove(_ path: String) throws(SetupError) {
        do {
            try AtomicFile.remove(RawPath(path))
        } catch {
            throw SetupError(tr("cannot remove %1$s: %2$s", path, error.reason))
        }
    }
}
