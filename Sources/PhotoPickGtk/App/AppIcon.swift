import Foundation
import PhotoPickSystem

/// photopick's icon (the window's, the About window's, the welcome page's) found wherever
/// photopick runs from: installed, its prefix's icons may lie outside XDG_DATA_DIRS (a
/// ~/.local or /opt prefix), and `make run` installs nothing, so the icon theme is told
/// where they are. Without this, About showed the missing-image icon.
@MainActor
enum AppIcon {
    static let name = "io.github.photopick.PhotoPick"

    static func install() {
        for root in DataFolders.iconRoots() { Gtk.addIconSearchPath(root) }
        Trace.mark("app-icon \(Gtk.hasIcon(name) ? "found" : "missing")")
    }
}
