import ArgumentParser
import Foundation
import PhotoPickCore

/// The folders a command works on: the arguments, or the user's Pictures and Videos.
struct LibraryOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("Folders to show instead of your Pictures and Videos folders.", valueName: "folder"))
    var folders: [String] = []

    func roots() throws -> [RawPath] {
        guard !folders.isEmpty else { return XDGUserDirs.load().defaultLibraryRoots() }
        let cwd = FileManager.default.currentDirectoryPath
        return try folders.map { folder in
            let absolute = folder.hasPrefix("/") ? folder : cwd + "/" + folder
            guard XDGUserDirs.isDirectory(absolute) else { throw UserError("\(folder): not a folder") }
            return RawPath(Self.normalized(absolute))
        }
    }

    /// Drops `.` components, repeated and trailing slashes (but keeps symbolic links as given).
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            if part == "..", !parts.isEmpty { parts.removeLast() } else if part != ".." { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }
}
