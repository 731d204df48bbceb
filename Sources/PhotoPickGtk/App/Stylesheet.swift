import Foundation
import PhotoPickSystem

/// Loads `photopick.css` from the first data folder that has it (DataFolders).
enum Stylesheet {
    @MainActor
    static func load() {
        guard let path = candidates().first(where: { FileManager.default.fileExists(atPath: $0) }) else { return }
        Gtk.installStylesheet(path: path)
        Trace.mark("stylesheet " + path)
    }

    static func candidates() -> [String] { DataFolders.candidates().map { $0 + "/photopick.css" } }
}
