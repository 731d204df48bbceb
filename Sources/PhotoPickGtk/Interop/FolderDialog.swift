import CGtk
import Glibc

/// The system's dialog choosing one folder (the portal's inside a sandbox, or where the
/// desktop asks for it): a GtkFileDialog from GTK 4.10, a GtkFileChooserNative (deprecated
/// there) before. GTK owns neither while it is open: the Swift value keeps the dialog alive
/// until it has answered.
@MainActor
final class FolderDialog {
    private let dialog: ObjectRef
    #if GTK_4_10
    /// Itself while open: the GAsyncReadyCallback's user data.
    private var whileOpen: FolderDialog?
    private var done: (@MainActor ([UInt8]?) -> Void)?
    private let parent: Gtk.Window

    /// Opens in `folder` (a path; nil: where GTK likes, its Recent list).
    init(title: String, parent: Gtk.Window, accept: String, cancel: String, in folder: String?) {
        dialog = ObjectRef(adopting: gtk_file_dialog_new())
        self.parent = parent
        gtk_file_dialog_set_title(dialog.pointer, title)
        gtk_file_dialog_set_accept_label(dialog.pointer, accept)  // Cancel is the dialog's own
        gtk_file_dialog_set_modal(dialog.pointer, 1)
        if let folder {
            let file = ObjectRef(adopting: g_file_new_for_path(folder))
            withExtendedLifetime(file) { gtk_file_dialog_set_initial_folder(dialog.pointer, file.pointer) }  // takes its own reference
        }
    }

    /// Shows the dialog; `done` gets the chosen folder's path bytes (nil when cancelled).
    func show(_ done: @escaping @MainActor ([UInt8]?) -> Void) {
        self.done = done
        whileOpen = self
        gtk_file_dialog_select_folder(dialog.pointer, cast(parent.widget), nil, { source, result, data in
            guard let data else { return }
            // Safe: GTK calls this on the main thread, and the result is used there at once.
            nonisolated(unsafe) let result = result
            let box = Unmanaged<FolderDialog>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { box.answered(result) }
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    private func answered(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let file = gtk_file_dialog_select_folder_finish(dialog.pointer, result, &error)
        if let error { g_error_free(error) }  // dismissed or cancelled: no folder
        let path = file.flatMap { Self.path(of: ObjectRef(adopting: $0)) }
        let done = self.done
        self.done = nil
        whileOpen = nil  // the dialog goes once the caller has its answer
        done?(path)
    }
    #else
    private var response: SignalConnection?
    private var chooser: OpaquePointer { dialog.pointer }

    /// Opens in `folder` (a path; nil: where GTK likes, its Recent list).
    init(title: String, parent: Gtk.Window, accept: String, cancel: String, in folder: String?) {
        dialog = ObjectRef(adopting: gtk_file_chooser_native_new(title, cast(parent.widget), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                                                 accept, cancel))
        gtk_native_dialog_set_modal(native, 1)
        if let folder {
            let file = ObjectRef(adopting: g_file_new_for_path(folder))
            withExtendedLifetime(file) { _ = gtk_file_chooser_set_current_folder(chooser, file.pointer, nil) }
        }
    }

    private var native: UnsafeMutablePointer<GtkNativeDialog> { raw(dialog.pointer).assumingMemoryBound(to: GtkNativeDialog.self) }

    /// Shows the dialog; `done` gets the chosen folder's path bytes (nil when cancelled).
    /// The dialog keeps itself (through the handler) until it answers.
    func show(_ done: @escaping @MainActor ([UInt8]?) -> Void) {
        response = SignalConnection(instance: raw(chooser), handler: onResponseSignal(chooser) { [self] answer in
            let path = answer == GTK_RESPONSE_ACCEPT.rawValue
                ? gtk_file_chooser_get_file(self.chooser).flatMap { Self.path(of: ObjectRef(adopting: $0)) } : nil
            gtk_native_dialog_destroy(self.native)
            self.response?.disconnect()  // releases the handler, and with it the dialog's Swift side
            self.response = nil
            done(path)
        })
        gtk_native_dialog_show(native)
    }
    #endif

    /// The local path of a GFile, as bytes.
    private static func path(of file: ObjectRef) -> [UInt8]? {
        guard let path = g_file_get_path(file.pointer) else { return nil }
        defer { g_free(path) }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(path).assumingMemoryBound(to: UInt8.self), count: Int(strlen(path))))
    }
}
