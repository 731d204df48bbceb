import CGtk
import Foundation
import PhotoPickCore
import PhotoPickSystem

/// The Keyboard Shortcuts window (Ctrl+?), made from `Commands.all` and `KeyHelp.all`: one
/// group per section, one row per command (or commands of one title) with all its keys, two columns to a page that
/// fits a 1024 × 720 window. GTK 4.8 builds a GtkShortcutsWindow only from
/// GtkBuilder XML (its sections and groups have no public constructors), so the table is
/// written out as XML here.
@MainActor
enum ShortcutsWindow {
    static let title = tr("Keyboard Shortcuts")

    static func present(over parent: Gtk.Window?) {
        // The builder goes with this call; GTK keeps the presented window until it is closed,
        // so each Ctrl+? builds a new one.
        let builder = Builder(xml: xml())
        guard let window = builder.window("shortcuts") else { return }
        window.setTransientFor(parent)
        if Trace.isEnabled {
            // What the window really lists, read back from its rows.
            for accelerator in listed(in: window) { Trace.mark("shortcut-listed \(accelerator)") }
        }
        window.present()
        Trace.mark("shortcuts-window-presented")
    }

    /// The window's pages, each a GtkShortcutsSection of two columns that fits a 1024 × 720
    /// window (one section of many columns pages through them with a numbered switcher,
    /// whose labels GTK 4.8 measures at -3 px, a Gtk-WARNING on every opening).
    /// Picking and moving fill one page's two columns, and the preview's eleven commands with
    /// the tray another.
    static let pages: [(name: String, title: String, groups: [Command.Section])] = [
        ("grid", tr("Grid"), [.picking, .moving]),
        ("view", tr("View"), [.view, .files, .general]),
        ("preview", tr("Preview"), [.preview, .tray]),
    ]

    static func xml() -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <interface>
              <object class="GtkShortcutsWindow" id="shortcuts">
                <property name="modal">1</property>
                <property name="title">\(escape(title))</property>

            """
        for page in pages {
            out += """
                <child><object class="GtkShortcutsSection">\
                <property name="section-name">\(page.name)</property>\
                <property name="title">\(escape(page.title))</property>\
                <property name="max-height">14</property>

                """
            for section in page.groups {
                let rows = Self.rows(in: section)
                guard !rows.isEmpty else { continue }
                out += "<child><object class=\"GtkShortcutsGroup\"><property name=\"title\">\(escape(section.title))</property>\n"
                for row in rows {
                    out += """
                        <child><object class="GtkShortcutsShortcut">\
                        <property name="title">\(escape(row.title))</property>\
                        <property name="accelerator">\(escape(row.keys.joined(separator: " ")))</property>\
                        </object></child>

                        """
                }
                out += "</object></child>\n"
            }
            out += "</object></child>\n"
        }
        out += "</object></interface>\n"
        return out
    }

    /// A section's rows: its commands with keys, then the keys of one widget (KeyHelp).
    /// Commands with one title share a row ("Move the focus": ← → ↑ ↓, four commands). A
    /// keypad twin (Ctrl+KP_Add beside Ctrl+plus) looks the same as its key, so it is not
    /// repeated.
    static func rows(in section: Command.Section) -> [(title: String, keys: [String])] {
        let commands = Commands.all.filter { $0.section == section }.map { ($0.title, $0.keys + $0.accels) }
        let keys = KeyHelp.all.filter { $0.section == section }.map { ($0.title, $0.keys) }
        var titles: [String] = [], keysOf: [String: [String]] = [:]
        for (title, keys) in commands + keys {
            if keysOf[title] == nil { titles.append(title) }
            keysOf[title, default: []] += keys.filter { !Accelerators.isKeypadTwin($0) }
        }
        return titles.flatMap { title in chunks(keysOf[title] ?? []).map { (title, $0) } }
    }

    /// Keys as rows of at most four keycaps ("Shift + Ctrl + Z / Ctrl + Y" is two rows): the
    /// window gives every row the widest row's width, twice over (two columns to a page).
    static func chunks(_ keys: [String]) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], caps = 0
        for key in keys {
            let n = key.filter { $0 == "<" }.count + 1
            if !row.isEmpty, caps + n > 4 {
                rows.append(row)
                (row, caps) = ([], 0)
            }
            row.append(key)
            caps += n
        }
        if !row.isEmpty { rows.append(row) }
        return rows
    }

    /// Every accelerator the rows of `window` show, each one on its own.
    static func listed(in window: some WidgetHandle) -> [String] {
        var found: [String] = []
        func walk(_ w: Gtk.AnyWidget) {
            if w.isShortcutsShortcut, let keys = GObjectValues.string(w.widget, "accelerator") {
                found += keys.split(separator: " ").map { Accelerators.canonical(String($0)) }
            }
            w.children.forEach(walk)
        }
        walk(Gtk.AnyWidget(window.widget))
        return found
    }

    private static func escape(_ s: String) -> String { markupEscaped(s) }
}
