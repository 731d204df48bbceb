import CGtk
import PhotoPickCore

/// Content that offers files the way file managers and chat programs take them: the
/// explicit `text/uri-list` and `x-special/gnome-copied-files` bytes, and a GdkFileList
/// for GTK programs (and the portal) that ask for files as such.
@MainActor
enum FileTransfer {
    /// A new content provider (the caller owns the reference).
    static func provider(for paths: [RawPath]) -> UnsafeMutablePointer<GdkContentProvider>? {
        guard !paths.isEmpty else { return nil }
        var providers: [UnsafeMutablePointer<GdkContentProvider>?] = [
            bytesProvider("text/uri-list", FileTransferPayload.uriList(paths)),
            bytesProvider("x-special/gnome-copied-files", FileTransferPayload.gnomeCopiedFiles(paths)),
            fileListProvider(paths),
        ]
        // The union takes over the three references.
        return providers.withUnsafeMutableBufferPointer { gdk_content_provider_new_union($0.baseAddress, gsize($0.count)) }
    }

    private static func bytesProvider(_ mimeType: String, _ data: [UInt8]) -> UnsafeMutablePointer<GdkContentProvider>? {
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        return gdk_content_provider_new_for_bytes(mimeType, bytes)
    }

    private static func fileListProvider(_ paths: [RawPath]) -> UnsafeMutablePointer<GdkContentProvider>? {
        // g_file_new_for_path takes the path's bytes as they are (GLib's filename encoding).
        let files = paths.map { path in ObjectRef(adopting: path.withCString { g_file_new_for_path($0)! }) }
        var pointers: [OpaquePointer?] = files.map(\.pointer)
        let list = pointers.withUnsafeMutableBufferPointer { gdk_file_list_new_from_array($0.baseAddress, gsize($0.count)) }
        var value = GValue()
        g_value_init(&value, gdk_file_list_get_type())
        g_value_take_boxed(&value, UnsafeRawPointer(list))
        defer { g_value_unset(&value) }
        return gdk_content_provider_new_for_value(&value)
    }

    /// Puts `paths` on the clipboard of `widget`'s display. The clipboard is served by this
    /// process (X11 and Wayland alike), so it lasts as long as the process does.
    static func copy(_ paths: [RawPath], from widget: Widget) -> Bool {
        guard let provider = provider(for: paths) else { return false }
        let owned = ObjectRef(adopting: provider)  // the clipboard takes its own
        let clipboard = gdk_display_get_clipboard(gtk_widget_get_display(widget))
        return withExtendedLifetime(owned) { gdk_clipboard_set_content(clipboard, provider) != 0 }
    }
}
