import CGtk
import PhotoPickCore

/// "Choose Folder…": the system's folder chooser (a portal dialog inside a sandbox).
/// Answers with the chosen folder.
@MainActor
enum FolderChooser {
    /// The dialog while it is open: one at a time.
    private static var open: NativeFolderDialog?

    static func choose(parent: Widget, title: String = tr("Choose a Folder of Photos"), _ done: @escaping @MainActor (RawPath) -> Void) {
        guard open == nil else { return }
        let dialog = NativeFolderDialog(title: title, parent: Gtk.Window(parent), accept: tr("_Open"), cancel: tr("_Cancel"))
        open = dialog
        dialog.show { bytes in
            open = nil
            if let bytes { done(RawPath(bytes: bytes)) }
        }
    }
}
