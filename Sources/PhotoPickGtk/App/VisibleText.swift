import CGtk
import Foundation

/// Test hook for the translation tests: with `PHOTOPICK_DUMP_TEXT=<file>`, every string the
/// window holds for a person — window title, labels (buttons' too), tooltips, placeholders,
/// accessible names — is written there, one `kind<TAB>text` line each (newlines as \n),
/// when the window closes, for hidden widgets (popovers, the preview) as well as shown ones.
@MainActor
enum VisibleText {
    static func dumpIfAsked(_ window: Gtk.Window) {
        guard let path = ProcessInfo.processInfo.environment["PHOTOPICK_DUMP_TEXT"], !path.isEmpty else { return }
        var lines: [String] = []
        if let title = window.title { lines.append("title\t" + title) }
        collect(Gtk.AnyWidget(window.widget), into: &lines)
        let text = lines.map { $0.replacingOccurrences(of: "\n", with: "\\n") }.joined(separator: "\n") + "\n"
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }

    private static func collect(_ widget: Gtk.AnyWidget, into lines: inout [String]) {
        if let label = widget.asExactLabel, case let text = label.text, !text.isEmpty {
            lines.append("label\t" + text)
        }
        if let tip = widget.tooltip { lines.append("tooltip\t" + tip) }
        if let name = GObjectValues.attachedString(widget.widget, "pp-accessible-label") { lines.append("accessible\t" + name) }
        if widget.isExactly("GtkText") || widget.isExactly("GtkSearchEntry") || widget.isExactly("GtkEntry"),
           let text = GObjectValues.string(widget.widget, "placeholder-text"), !text.isEmpty {
            lines.append("placeholder\t" + text)
        }
        for child in widget.children { collect(child, into: &lines) }
    }
}
