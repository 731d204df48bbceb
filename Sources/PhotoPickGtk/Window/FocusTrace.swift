import CGtk
import PhotoPickSystem

/// With `PHOTOPICK_TRACE=1`, marks every move of the keyboard focus as `focus <widget>`
/// (its name or type, and its style classes), so the Tab order can be checked from outside.
@MainActor
enum FocusTrace {
    static func install(on window: Widget) {
        guard Trace.isEnabled else { return }
        onPointerSignal(window, "notify::focus-widget") { _ in
            guard let focus = Gtk.Window(window).focus else { return Trace.mark("focus none") }
            Trace.mark("focus " + describe(focus))
        }
    }

    private static func describe(_ w: Widget) -> String {
        ([Gtk.AnyWidget(w).name] + cssClasses(w).map { "." + $0 }).joined()
    }
}
