import CGtk

/// A display's GAppLaunchContext (startup notification, the right screen) for launching
/// another program; the reference goes with the value.
@MainActor
struct LaunchContext {
    private let context: ObjectRef?

    init(display: OpaquePointer?) { context = gdk_display_get_app_launch_context(display).map { ObjectRef(adopting: $0) } }

    var gio: UnsafeMutablePointer<GAppLaunchContext>? {
        context.map { raw($0.pointer).assumingMemoryBound(to: GAppLaunchContext.self) }
    }
}
