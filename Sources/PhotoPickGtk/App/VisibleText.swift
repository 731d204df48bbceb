import CGtk
import Foundation

/// Test hook for the translation tests: with `PHOTOPICK_DUMP_TEXT=<file>`, every string the
/// window holds for a person — window title, labels (buttons' too), tooltips, placeholders,
/// accessible names — is written there, one `kind<TAB>text` line each (newlines as \n),
/// when the window closes, for hidden widgets (popovers, the preview) as well as shown ones.
enum VisibleText {
    static func dumpIfAsked(_ window: Widget) {
        guard let path = ProcessInfo.processInfo.environment["PHOTOPICK_DUMP_TEXT"], !path.isEmpty else { return }
        var lines: [String] = []
        if let title = gtk_window_get_title(cast(window)) { lines.append("title\t" + String(cString: title)) }
        collect(window, into: &lines)
        let text = lines.map { $0.replacingOccurrences(of: "\n", with: "\\n") }.joined(separator: "\n") + "\n"
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }

    private static func collect(_ widget: Widget, into lines: inout [String]) {
        let object = raw(widget).assumingMemoryBound(to: GObject.self)
        let type = String(cString: g_type_name_from_instance(raw(widget).assumingMemoryBound(to: GTypeInstance.self)))
        if type == "GtkLabel", let text = gtk_label_get_text(cast(widget)), text.pointee != 0 {
            lines.append("label\t" + String(cString: text))
        }
        if let tip = gtk_widget_get_tooltip_text(widget) { lines.append("tooltip\t" + String(cString: tip)) }
        if let name = g_object_get_data(object, "pp-accessible-label") {
            lines.append("accessible\t" + String(cString: name.assumingMemoryBound(to: CChar.self)))
        }
        if type == "GtkText" || type == "GtkSearchEntry" || type == "GtkEntry" {
            var value = GValue()
            g_value_init(&value, pp_type_string())
            g_object_get_property(object, "placeholder-text", &value)
            if let text = g_value_get_string(&value), text.pointee != 0 { lines.append("placeholder\t" + String(cString: text)) }
            g_value_unset(&value)
        }
        var child = gtk_widget_get_first_child(widget)
        while let c = child {
            collect(c, into: &lines)
            child = gtk_widget_get_next_sibling(c)
        }
    }
}
