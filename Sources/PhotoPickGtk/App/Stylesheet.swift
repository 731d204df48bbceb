import Foundation

/// Loads `photopick.css` from the first place it is found: `$PHOTOPICK_DATADIR`, the
/// installed `share/photopick` beside the executable's prefix, or the source tree.
enum Stylesheet {
    @MainActor
    static func load() {
        guard let path = candidates().first(where: { FileManager.default.fileExists(atPath: $0) }) else { return }
        Gtk.installStylesheet(path: path)
    }

    static func candidates() -> [String] {
        var dirs: [String] = []
        if let env = ProcessInfo.processInfo.environment["PHOTOPICK_DATADIR"] { dirs.append(env) }
        let exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        dirs.append(exe.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share/photopick").path)
        // Running from a checkout: <repo>/Sources/PhotoPickGtk/App/Stylesheet.swift → <repo>/data
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        dirs.append(repo.appendingPathComponent("data").path)
        return dirs.map { $0 + "/photopick.css" }
    }
}
