import Foundation

/// Reads `user-dirs.dirs` the way xdg-user-dirs defines it.
///
/// Lines look like `XDG_PICTURES_DIR="$HOME/Pictures"`: the value is either relative
/// to `$HOME` (written `$HOME/…`) or an absolute path. A directory set to `$HOME`
/// itself means "disabled", as xdg-user-dirs treats it.
public struct XDGUserDirs: Sendable {
    public let home: String
    public let entries: [String: String]

    public init(home: String, contents: String) {
        self.home = home
        var entries: [String: String] = [:]
        for rawLine in contents.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            guard !line.hasPrefix("#"), let eq = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<eq]).trimmingCharacters(in: .whitespaces)
            var value = String(line[line.index(after: eq)...]).trimmingCharacters(in: .whitespaces)
            guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") else { continue }
            value = String(value.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
            if value == "$HOME" || value == "$HOME/" { continue }
            if value.hasPrefix("$HOME/") {
                value = home + value.dropFirst("$HOME".count)
            } else if !value.hasPrefix("/") {
                continue
            }
            // "$HOME/Pictures/" must name the same root as "$HOME/Pictures", or album titles differ.
            while value.count > 1, value.hasSuffix("/") { value.removeLast() }
            entries[key] = value
        }
        self.entries = entries
    }

    /// Loads `$XDG_CONFIG_HOME/user-dirs.dirs` (default `~/.config`); empty when absent.
    public static func load(environment: [String: String] = ProcessInfo.processInfo.environment) -> XDGUserDirs {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        let contents = (try? String(contentsOfFile: configHome + "/user-dirs.dirs", encoding: .utf8)) ?? ""
        return XDGUserDirs(home: home, contents: contents)
    }

    public var pictures: String? { entries["XDG_PICTURES_DIR"] }
    public var videos: String? { entries["XDG_VIDEOS_DIR"] }

    /// The default library: the Pictures and Videos folders that exist, else `~/Pictures`.
    public func defaultLibraryRoots(fileExists: (String) -> Bool = Self.isDirectory) -> [RawPath] {
        var roots: [String] = []
        for dir in [pictures, videos].compactMap({ $0 }) where fileExists(dir) && !roots.contains(dir) {
            roots.append(dir)
        }
        if roots.isEmpty { roots = [home + "/Pictures"] }
        return roots.map(RawPath.init)
    }

    public static func isDirectory(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }
}
