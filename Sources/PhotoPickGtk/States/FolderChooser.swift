import CGtk
import PhotoPickCore
import PhotoPickSystem

/// "Choose Folder…": the system's folder chooser (a portal dialog inside a sandbox).
/// Answers with the chosen folder.
@MainActor
enum FolderChooser {
    /// The dialog while it is open: one at a time.
    private static var open: FolderDialog?

    /// Where the dialog opens: the Pictures folder, else the home folder. GTK's own choice,
    /// its Recent list, shows files, not folders (GTK 4.18 keeps Open insensitive there).
    private static func startFolder() -> String {
        let folders = UserDirectories.current()
        if let pictures = folders.pictures, FolderCheck.isFolder(pictures) { return pictures }
        return folders.home
    }

    static func choose(parent: Gtk.Window, title: String = tr("Choose a Folder of Photos"), _ done: @escaping @MainActor (RawPath) -> Void) {
        guard open == nil else { return }
        let dialog = FolderDialog(title: title, parent: parent, accept: tr("_Open"), cancel: tr("_Cancel"),
                                  in: startFolder())
        open = dialog
        dialog.show { bytes in
            open = nil
            Trace.mark("folder-chooser \(bytes == nil ? "cancelled" : "chosen")")
            if let bytes { done(RawPath(bytes: bytes)) }
        }
        Trace.mark("folder-chooser-shown")
    }
}
