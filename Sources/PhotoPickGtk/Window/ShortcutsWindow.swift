import CGtk
import PhotoPickCore
import Foundation

/// The Keyboard Shortcuts window (Ctrl+?), made from `Commands.all`: one group per section,
/// one row per command with all its keys. GTK 4.8 builds a GtkShortcutsWindow only from
/// GtkBuilder XML (its sections and groups have no public constructors), so the table is
/// written out as XML here.
@MainActor
enum ShortcutsWindow {
    static let title = tr("Keyboard Shortcuts")

    static func present(over parent: Widget?) {
        // The builder goes with this call; GTK keeps the presented window until it is closed,
        // so each Ctrl+? builds a new one.
        let builder = Builder(xml: xml())
        guard let window = builder.widget("shortcuts") else { return }
        Gtk.Window(window).setTransientFor(parent)
        if Trace.isEnabled {
            // What the window really lists, read back from its rows.
            for accelerator in listed(in: window) { Trace.mark("shortcut-listed \(accelerator)") }
        }
        Gtk.Window(window).present()
        Trace.mark("shortcuts-window-presented")
    }

    static func xml() -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <interface>
              <object class="GtkShortcutsWindow" id="shortcuts">
                <property name="modal">1</property>
                <property name="title">\(escape(title))</property>
                <child>
                  <object class="GtkShortcutsSection">
                    <property name="section-name">shortcuts</property>
                    <property name="max-height">14</property>

            """
        for section in Command.Section.allCases {
            let commands = Commands.all.filter { $0.section == section && !($0.accels + $0.contextKeys).isEmpty }
            guard !commands.isEmpty else { continue }
            out += "<child><object class=\"GtkShortcutsGroup\"><property name=\"title\">\(escape(section.title))</property>\n"
            for command in commands {
                let keys = (command.contextKeys + command.accels).joined(separator: " ")
                out += """
                    <child><object class="GtkShortcutsShortcut">\
                    <property name="title">\(escape(command.title))</property>\
                    <property name="accelerator">\(escape(keys))</property>\
                    </object></child>

                    """
            }
            out += "</object></child>\n"
        }
        out += "</object></child></object></interface>\n"
        return out
    }

    /// Every accelerator the rows of `window` show, each one on its own.
    static func listed(in window: Widget) -> [String] {
        var found: [String] = []
        let shortcutType = gtk_shortcuts_shortcut_get_type()
        func walk(_ w: Widget) {
            if GObjectValues.isA(w, shortcutType), let keys = GObjectValues.string(w, "accelerator") {
                found += keys.split(separator: " ").map { Accelerators.canonical(String($0)) }
            }
            var child = gtk_widget_get_first_child(w)
            while let c = child {
                walk(c)
                child = gtk_widget_get_next_sibling(c)
            }
        }
        walk(window)
        return found
    }

    private static func escape(_ s: String) -> String { markupEscaped(s) }
}
