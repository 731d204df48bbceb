import CGtk
import Glibc

/// GtkFileChooserNative choosing one folder (a portal dialog inside a sandbox; GTK 4.8 has no
/// GtkFileDialog). GTK does not own a native dialog, so the Swift value keeps it alive while
/// it is open and destroys it once it has answered.
@MainActor
final class NativeFolderDialog {
    private let chooser: ObjectRef
    private var response: SignalConnection?

    init(title: String, parent: Gtk.Window, accept: String, cancel: String) {
        chooser = ObjectRef(adopting: gtk_file_chooser_native_new(title, cast(parent.widget), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                                                  accept, cancel))
        gtk_native_dialog_set_modal(dialog, 1)
    }

    private var dialog: UnsafeMutablePointer<GtkNativeDialog> { raw(chooser.pointer).assumingMemoryBound(to: GtkNativeDialog.self) }

    /// Shows the dialog; `done` gets the chosen folder's path bytes (nil when cancelled).
    /// The dialog keeps itself (through the handler) until it answers.
    func show(_ done: @escaping @MainActor ([UInt8]?) -> Void) {
        response = SignalConnection(instance: raw(chooser.pointer), handler: onResponseSignal(chooser.pointer) { [self] answer in
            let path = answer == GTK_RESPONSE_ACCEPT.rawValue ? self.chosenPath() : nil
            gtk_native_dialog_destroy(self.dialog)
            self.response?.disconnect()  // releases the handler, and with it the dialog's Swift side
            self.response = nil
            done(path)
        })
        gtk_native_dialog_show(dialog)
    }

    private func chosenPath() -> [UInt8]? {
        guard let file = gtk_file_chooser_get_file(chooser.pointer) else { return nil }
        let owned = ObjectRef(adopting: file)
        guard let path = g_file_get_path(owned.pointer) else { return nil }
        defer { g_free(path) }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(path).assumingMemoryBound(to: UInt8.self), count: Int(strlen(path))))
    }
}
