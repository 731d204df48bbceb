import Foundation
import PhotoPickSystem

/// Where photopick's own data (its stylesheet, its icons) is, first found first:
/// `$PHOTOPICK_DATADIR`, the installed `share/photopick` beside the executable's prefix, or
/// the source tree's `data` when running from a checkout (`make run`).
enum DataFolders {
    static func candidates() -> [String] {
        var dirs: [String] = []
        if let env = ProcessInfo.processInfo.environment["PHOTOPICK_DATADIR"] { dirs.append(env) }
        // The program's own file, not argv[0]: started from PATH, that is a bare `photopick`.
        let exe = URL(fileURLWithPath: ProgramSearch.runningExecutable).resolvingSymlinksInPath()
        dirs.append(exe.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share/photopick").path)
        // <repo>/Sources/PhotoPickGtk/App/DataFolders.swift → <repo>/data
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        dirs.append(repo.appendingPathComponent("data").path)
        return dirs
    }

    /// Icon theme roots holding photopick's icon (hicolor/…/apps/io.github.photopick.PhotoPick):
    /// the source tree's `data/icons`, or the installed prefix's `share/icons`.
    static func iconRoots() -> [String] {
        candidates().flatMap { [$0 + "/icons", URL(fileURLWithPath: $0).deletingLastPathComponent().path + "/icons"] }
            .filter { FileManager.default.fileExists(atPath: $0 + "/hicolor") }
    }
}
