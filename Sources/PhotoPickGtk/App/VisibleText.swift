import CGtk
import Foundation

/// Test hook for the translation tests: with `PHOTOPICK_DUMP_TEXT=<file>`, every string the
/// window holds for a person — window title, labels (buttons' too), tooltips, placeholders,
/// accessible names — is written there, one `kind<TAB>text` line each (newlines as \n),
/// when the window closes, for hidden widgets (popovers, the preview) as well as shown ones.
@MainActor
enum VisibleText {
    static func dumpIfAsked(_ window: Widget) {
        guard let path = ProcessInfo.processInfo.environment["PHOTOPICK_DUMP_TEXT"], !path.isEmpty else { return }
        var lines: [String] = []
        if let title = Gtk.Window(window).title { lines.append("title\t" + title) }
        collect(window, into: &lines)
        let text = lines.map { $0.replacingOccurrences(of: "\n", with: "\\n") }.joined(separator: "\n") + "\n"
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }

    private static func collect(_ widget: Widget, into lines: inout [String]) {
        let type = GObjectValues.typeName(widget)
        if type == "GtkLabel", case let text = Gtk.Label(widget).text, !text.isEmpty {
            lines.append("label\t" + text)
        }
        if let tip = gtk_widget_get_tooltip_text(widget) { lines.append("tooltip\t" + String(cString: tip)) }
        if let name = GObjectValues.attachedString(widget, "pp-accessible-label") { lines.append("accessible\t" + name) }
        if type == "GtkText" || type == "GtkSearchEntry" || type == "GtkEntry",
           let text = GObjectValues.string(widget, "placeholder-text"), !text.isEmpty {
            lines.append("placeholder\t" + text)
        }
        var child = gtk_widget_get_first_child(widget)
        while let c = child {
            collect(c, into: &lines)
            child = gtk_widget_get_next_sibling(c)
        }
    }
}
