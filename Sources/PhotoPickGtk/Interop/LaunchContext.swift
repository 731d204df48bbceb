import CGtk

/// A display's GAppLaunchContext (startup notification, the right screen) for launching
/// another program; the reference goes with the value.
@MainActor
struct LaunchContext {
    private let context: ObjectRef?

    /// The context of the display `widget` is on.
    init(for widget: Widget) {
        context = gdk_display_get_app_launch_context(gtk_widget_get_display(widget)).map { ObjectRef(adopting: $0) }
        // The user's GTK_THEME, which photopick took out of its own environment (Appearance).
        if let theme = Appearance.droppedTheme, let gio { g_app_launch_context_setenv(gio, "GTK_THEME", theme) }
    }

    private var gio: UnsafeMutablePointer<GAppLaunchContext>? {
        context.map { raw($0.pointer).assumingMemoryBound(to: GAppLaunchContext.self) }
    }

    /// Opens `uri` with the user's default application for it; on failure, GIO's reason.
    func openWithDefaultApplication(_ uri: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        let launched = g_app_info_launch_default_for_uri(uri, gio, &error)
        defer { if let error { g_error_free(error) } }
        guard launched == 0 else { return nil }
        return error.map { String(cString: $0.pointee.message) } ?? "unknown error"
    }
}
