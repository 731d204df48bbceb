import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `$XDG_CONFIG_HOME/photopick/settings.json` (`~/.config` when unset): read leniently,
/// written atomically so a crash or a second picker closing at the same moment leaves
/// either the old file or the new one, never half of one.
public struct SettingsFile: Sendable {
    public let path: RawPath
    /// Larger than any settings file we write; a bigger one is not ours, so it is ignored.
    static let maximumBytes = 64 * 1024

    public init(path: RawPath) { self.path = path }

    /// The file for this environment, or nil when neither XDG_CONFIG_HOME nor HOME says
    /// where (a relative XDG_CONFIG_HOME is ignored, as the XDG spec asks).
    public init?(environment: [String: String]) {
        let config: String
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            config = xdg
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            config = home + "/.config"
        } else {
            return nil
        }
        path = RawPath(config).appending(component: Array("photopick".utf8)).appending(component: Array("settings.json".utf8))
    }

    /// The stored settings; the defaults when the file is missing, unreadable or corrupt.
    public func load() -> PickerSettings {
        guard let bytes = read() else { return PickerSettings() }
        return PickerSettings(json: bytes)
    }

    /// Stores `settings`, creating the folder (0700, like the rest of a private config).
    public func save(_ settings: PickerSettings) throws {
        try makeFolders(path.parent)
        var bytes = settings.json.pretty()
        bytes.append(0x0A)
        try AtomicFile.write(bytes, to: path, mode: 0o600)
    }

    private func read() -> [UInt8]? {
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return nil }
            if n == 0 { return out }
            out += buffer[0..<n]
            if out.count > Self.maximumBytes { return nil }
        }
    }

    private func makeFolders(_ folder: RawPath) throws {
        var st = stat()
        if folder.withCString({ stat($0, &st) }) == 0 { return }
        if folder.bytes.count > 1 { try makeFolders(folder.parent) }
        if folder.withCString({ mkdir($0, 0o700) }) != 0 && errno != EEXIST {
            throw AtomicFile.Failure(description: "cannot create \(folder): \(String(cString: strerror(errno)))")
        }
    }
}
