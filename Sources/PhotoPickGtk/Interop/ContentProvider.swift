import CGtk
import PhotoPickCore

extension Gdk {
    /// A GdkContentProvider (what a drag or the clipboard offers), with one reference of its
    /// own, given back when the value goes; whoever it is handed to takes its own.
    @MainActor
    final class ContentProvider {
        let object: UnsafeMutablePointer<GdkContentProvider>

        /// Takes over a reference the caller owns (a `…_new` result).
        private init(adopting object: UnsafeMutablePointer<GdkContentProvider>) { self.object = object }

        isolated deinit { g_object_unref(UnsafeMutableRawPointer(object)) }

        /// `data`, offered as `mimeType`.
        static func bytes(_ data: [UInt8], as mimeType: String) -> ContentProvider? {
            let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
            defer { g_bytes_unref(bytes) }
            return gdk_content_provider_new_for_bytes(mimeType, bytes).map(ContentProvider.init(adopting:))
        }

        /// The files at `paths` as a GdkFileList, for GTK programs (and the portal) that ask for
        /// files as such. GIO takes each path's bytes as they are (GLib's filename encoding).
        static func files(_ paths: [RawPath]) -> ContentProvider? {
            let files = paths.map { path in ObjectRef(adopting: path.withCString { g_file_new_for_path($0)! }) }
            var pointers: [OpaquePointer?] = files.map(\.pointer)
            let list = pointers.withUnsafeMutableBufferPointer { gdk_file_list_new_from_array($0.baseAddress, gsize($0.count)) }
            var value = GValue()
            g_value_init(&value, gdk_file_list_get_type())
            g_value_take_boxed(&value, UnsafeRawPointer(list))
            defer { g_value_unset(&value) }
            return gdk_content_provider_new_for_value(&value).map(ContentProvider.init(adopting:))
        }

        /// Each of `providers`, in order of preference; nil when there are none.
        static func union(_ providers: [ContentProvider]) -> ContentProvider? {
            guard !providers.isEmpty else { return nil }
            // The union takes over one reference of each: give it new ones.
            var pointers: [UnsafeMutablePointer<GdkContentProvider>?] = providers.map { provider in
                g_object_ref(UnsafeMutableRawPointer(provider.object))
                return provider.object
            }
            return pointers.withUnsafeMutableBufferPointer { gdk_content_provider_new_union($0.baseAddress, gsize($0.count)) }
                .map(ContentProvider.init(adopting:))
        }

        /// Puts this on the clipboard of the display `widget` is on, which takes its own
        /// reference. The clipboard is served by this process (X11 and Wayland alike).
        func setOnClipboard(of widget: Widget) -> Bool {
            gdk_clipboard_set_content(gdk_display_get_clipboard(gtk_widget_get_display(widget)), object) != 0
        }
    }
}
