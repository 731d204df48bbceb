import CGtk
import Foundation
import GUITestSupport

/// GTK initialised once for this test process, on the shared GUI fixture's Xvfb (unless
/// `DISPLAY` is already set), so GTK-level unit tests can make and destroy real widgets.
enum HeadlessGtk {
    nonisolated(unsafe) private static var result: Bool?

    /// Whether GTK could be initialised (tests skip, saying why, when it could not).
    static func start() -> Bool {
        if let result { return result }
        if ProcessInfo.processInfo.environment["DISPLAY"] == nil, let fixture = try? GUIFixture.shared() {
            // The process's own GTK talks to the fixture's display; the fixture ends it at exit.
            setenv("DISPLAY", fixture.server.display, 1)
            setenv("GDK_BACKEND", "x11", 1)
        }
        let ok = gtk_init_check() != 0
        result = ok
        return ok
    }

    /// Runs the default main context until nothing is pending (finalizers, idle work).
    static func settle() {
        while g_main_context_iteration(nil, 0) != 0 {}
    }
}
