import CGtk
import Glibc
import PhotoPickCore

/// "Choose Folder…": the system's folder chooser (GtkFileChooserNative, so a portal dialog
/// inside a sandbox; GTK 4.8 has no GtkFileDialog). Answers with the chosen folder.
@MainActor
enum FolderChooser {
    /// Keeps the dialog alive while it is open (GTK does not own a native dialog).
    private static var open: OpaquePointer?

    static func choose(parent: Widget, title: String = tr("Choose a Folder of Photos"), _ done: @escaping @MainActor (RawPath) -> Void) {
        guard open == nil else { return }
        let chooser = gtk_file_chooser_native_new(title, cast(parent), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, tr("_Open"), tr("_Cancel"))!
        let dialog: UnsafeMutablePointer<GtkNativeDialog> = raw(chooser).assumingMemoryBound(to: GtkNativeDialog.self)
        gtk_native_dialog_set_modal(dialog, 1)
        open = chooser
        onResponseSignal(chooser) { response in
            defer {
                gtk_native_dialog_destroy(dialog)
                g_object_unref(raw(chooser))
                open = nil
            }
            guard response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser) else { return }
            defer { g_object_unref(raw(file)) }
            guard let path = g_file_get_path(file) else { return }
            defer { g_free(path) }
            done(RawPath(bytes: Array(UnsafeBufferPointer(start: UnsafeRawPointer(path).assumingMemoryBound(to: UInt8.self),
                                                          count: strlen(path)))))
        }
        gtk_native_dialog_show(dialog)
    }
}
