import CGtk
import PhotoPickSystem

/// With `PHOTOPICK_TRACE=1`, marks every move of the keyboard focus as `focus <widget>`
/// (its name or type, and its style classes), so the Tab order can be checked from outside.
@MainActor
enum FocusTrace {
    static func install(on window: Gtk.Window) {
        guard Trace.isEnabled else { return }
        onPointerSignal(window.widget, "notify::focus-widget") { _ in
            guard let focus = window.focus else { return Trace.mark("focus none") }
            Trace.mark("focus " + describe(focus))
        }
    }

    private static func describe(_ w: Gtk.AnyWidget) -> String {
        ([w.name] + cssClasses(w.widget).map { "." + $0 }).joined()
    }
}
