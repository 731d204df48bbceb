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
    static func wrap(_ toolbar: some WidgetHandle, header: Gtk.HeaderBar, title: some WidgetHandle, search: some WidgetHandle,
                     placeholder: String) -> Gtk.Box {
        let box = Gtk.Box(GTK_ORIENTATION_VERTICAL)
        box.append(toolbar)
        var last = ""
        reportAllocations(of: box.widget) { _, _ in
            guard Trace.isEnabled else { return }
            let shownTitle = title
            let titleWidth = shownTitle.isMapped ? shownTitle.width : 0
            let line = "header-fit title \(titleWidth) controls \(windowControlsWidth(in: Gtk.AnyWidget(header.widget)))"
                + " search \(searchRoom(search, placeholder))"
            guard line != last else { return }
            last = line
            Trace.mark(line)
        }
        return box
    }

    /// The laid-out width of the window buttons (GtkWindowControls) under `widget`.
    private static func windowControlsWidth(in widget: Gtk.AnyWidget) -> Int32 {
        let own = widget.isExactly("GtkWindowControls") && widget.isMapped ? widget.width : 0
        return widget.children.reduce(own) { $0 + windowControlsWidth(in: $1) }
    }

    /// The width of the search field's text area against its placeholder's: the placeholder
    /// shows whole when the first is at least the second.
    private static func searchRoom(_ search: some WidgetHandle, _ placeholder: String) -> String {
        "\(textWidth(in: Gtk.AnyWidget(search.widget)) ?? -1)/\(Gtk.textWidth(placeholder, in: search.widget))"
    }

    private static func textWidth(in widget: Gtk.AnyWidget) -> Int32? {
        if widget.isExactly("GtkText") { return widget.width }
        for child in widget.children {
            if let w = textWidth(in: child) { return w }
        }
        return nil
    }
}
