import Foundation
import PhotoPickCore
import PhotoPickSystem

/// The thumbnailers installed on this system, by MIME type: every `*.thumbnailer` file in
/// `$XDG_DATA_HOME/thumbnailers` and then in each `$XDG_DATA_DIRS/thumbnailers`. A user's
/// own folder comes first, so a user can replace a system thumbnailer (same file name) or
/// claim a type first; within a folder, files go in name order. An entry whose `TryExec`
/// program is not installed is left out.
public struct ThumbnailerRegistry: Sendable {
    public let entries: [ThumbnailerEntry]
    private let byType: [String: ThumbnailerEntry]

    public init(entries: [ThumbnailerEntry]) {
        self.entries = entries
        var byType: [String: ThumbnailerEntry] = [:]
        for entry in entries {
            for type in entry.mimeTypes where byType[type.lowercased()] == nil { byType[type.lowercased()] = entry }
        }
        self.byType = byType
    }

    /// The thumbnailer for `mimeType`, if one is installed.
    public func entry(for mimeType: String) -> ThumbnailerEntry? { byType[mimeType.lowercased()] }

    /// `$XDG_DATA_HOME/thumbnailers` (default `~/.local/share`), then each of
    /// `$XDG_DATA_DIRS` (default `/usr/local/share:/usr/share`) with `/thumbnailers`
    /// (`BaseDirectories`).
    public static func standardFolders(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        let folders = BaseDirectories.ofThisProcess(environment)
        return ((folders.dataHome.map { [$0] } ?? []) + folders.dataDirs).map { $0 + "/thumbnailers" }
    }

    /// Reads the folders; `isInstalled` decides whether a `TryExec` program exists.
    public static func load(folders: [String] = standardFolders(),
                            isInstalled: (String) -> Bool = { ThumbnailerRegistry.findProgram($0) != nil }) -> ThumbnailerRegistry {
        var entries: [ThumbnailerEntry] = []
        var seenNames = Set<String>()
        for folder in folders {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                .filter { $0.hasSuffix(".thumbnailer") }.sorted()
            for file in names {
                let name = String(file.dropLast(".thumbnailer".count))
                guard !seenNames.contains(name),
                      let text = try? String(contentsOfFile: folder + "/" + file, encoding: .utf8),
                      let entry = ThumbnailerEntry(keyFile: text, name: name) else { continue }
                seenNames.insert(name)  // the first folder's file of a name hides later ones
                if let tryExec = entry.tryExec, !isInstalled(tryExec) { continue }
                entries.append(entry)
            }
        }
        return ThumbnailerRegistry(entries: entries)
    }

    /// An absolute path as it is, else the first executable of that name on `PATH`.
    public static func findProgram(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if name.hasPrefix("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        guard !name.contains("/") else { return nil }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for dir in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
            return "\(dir)/\(name)"
        }
        return nil
    }
}
