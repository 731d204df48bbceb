import PhotoPickCore

/// Content that offers files the way file managers and chat programs take them: the
/// explicit `text/uri-list` and `x-special/gnome-copied-files` bytes, and a GdkFileList
/// for GTK programs (and the portal) that ask for files as such.
@MainActor
enum FileTransfer {
    /// The content for `paths`; nil when there are none.
    static func provider(for paths: [RawPath]) -> Gdk.ContentProvider? {
        guard !paths.isEmpty else { return nil }
        return Gdk.ContentProvider.union([
            Gdk.ContentProvider.bytes(FileTransferPayload.uriList(paths), as: "text/uri-list"),
            Gdk.ContentProvider.bytes(FileTransferPayload.gnomeCopiedFiles(paths), as: "x-special/gnome-copied-files"),
            Gdk.ContentProvider.files(paths),
        ].compactMap { $0 })
    }

    /// Puts `paths` on the clipboard of `widget`'s display. The clipboard is served by this
    /// process (X11 and Wayland alike), so it lasts as long as the process does.
    static func copy(_ paths: [RawPath], from widget: some WidgetHandle) -> Bool {
        provider(for: paths)?.setOnClipboard(of: widget.widget) ?? false
    }
}
