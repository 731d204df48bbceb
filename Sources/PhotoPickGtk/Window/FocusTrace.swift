import CGtk

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
        var words = [String(cString: gtk_widget_get_name(w))]
        if let classes = gtk_widget_get_css_classes(w) {
            var i = 0
            while let c = classes[i] { words.append("." + String(cString: c)); i += 1 }
            g_strfreev(classes)
        }
        return words.joined()
    }
}
