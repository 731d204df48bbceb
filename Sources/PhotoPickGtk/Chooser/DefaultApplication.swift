import CGtk
import PhotoPickCore

/// Opens files with the user's default application for their type.
@MainActor
enum DefaultApplication {
    /// Opens `path`; on failure returns GIO's reason.
    static func open(_ path: RawPath, from widget: Widget) -> String? {
        let context = LaunchContext(display: gtk_widget_get_display(widget))
        var error: UnsafeMutablePointer<GError>?
        let launched = g_app_info_launch_default_for_uri(FileURI.encode(path), context.gio, &error)
        guard launched == 0 else { return nil }
        defer { if let error { g_error_free(error) } }
        return error.map { String(cString: $0.pointee.message) } ?? "unknown error"
    }
}
