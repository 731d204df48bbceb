import CGtk
import PhotoPickSystem

/// With PHOTOPICK_TRACE=1, whenever it changes as the window is laid out, what the header
/// and the toolbar give the user ("header-fit title 120 controls 34 search 160/112"):
/// the title's and the window buttons' widths as laid out (0: gone), and the search field's
/// text area against its placeholder's width, so the tests can hold 360 px to "nothing lost".
@MainActor
enum HeaderFitTrace {
    /// `toolbar` inside a pass-through box that traces the line whenever it changes as the
    /// window is laid out (the same tree with tracing off, where nothing is written).
    static func wrap(_ toolbar: Widget, header: Widget, title: Widget, search: Widget, placeholder: String) -> Widget {
        let box = Gtk.Box(GTK_ORIENTATION_VERTICAL)
        box.append(toolbar)
        var last = ""
        reportAllocations(of: box.widget) { _, _ in
            guard Trace.isEnabled else { return }
            let titleWidth = gtk_widget_get_mapped(title) != 0 ? gtk_widget_get_width(title) : 0
            let line = "header-fit title \(titleWidth) controls \(windowControlsWidth(in: header)) search \(searchRoom(search, placeholder))"
            guard line != last else { return }
            last = line
            Trace.mark(line)
        }
        return box.widget
    }

    /// The laid-out width of the window buttons (GtkWindowControls) under `widget`.
    private static func windowControlsWidth(in widget: Widget) -> Int32 {
        var width: Int32 = 0
        if GObjectValues.typeName(widget) == "GtkWindowControls", gtk_widget_get_mapped(widget) != 0 { width += gtk_widget_get_width(widget) }
        var child = gtk_widget_get_first_child(widget)
        while let c = child {
            width += windowControlsWidth(in: c)
            child = gtk_widget_get_next_sibling(c)
        }
        return width
    }

    /// The width of the search field's text area against its placeholder's: the placeholder
    /// shows whole when the first is at least the second.
    private static func searchRoom(_ search: Widget, _ placeholder: String) -> String {
        "\(textWidth(in: search) ?? -1)/\(Gtk.textWidth(placeholder, in: search))"
    }

    private static func textWidth(in widget: Widget) -> Int32? {
        if GObjectValues.typeName(widget) == "GtkText" { return gtk_widget_get_width(widget) }
        var child = gtk_widget_get_first_child(widget)
        while let c = child {
            if let w = textWidth(in: c) { return w }
            child = gtk_widget_get_next_sibling(c)
        }
        return nil
    }
}
