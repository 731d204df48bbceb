import PhotoPickCore

/// Every command of the window, with its keys: the one table the application's accelerators,
/// the shortcuts window and the trace are made from, so none of them can drift from the others.
///
/// `accels` are registered with the application (gtk_application_set_accels_for_action) and
/// act through the action. `contextKeys` belong to a focused widget and mean the command only
/// there (Space on a tile, Return and Escape outside text fields and popovers): their key
/// handlers activate the same command; the shortcuts window lists them all the same.
struct Command: Sendable {
    enum Section: String, CaseIterable, Sendable {
        case picking = "Picking", moving = "Moving", view = "View", preview = "Preview", tray = "Picked Items",
             files = "Files", general = "General"

        /// The group's heading in the shortcuts window, in the user's language.
        var title: String {
            switch self {
            case .picking: return tr("Picking")
            case .moving: return tr("Moving in the Grid")
            case .view: return tr("View")
            case .preview: return tr("Preview")
            case .tray: return tr("Picked Items")
            case .files: return tr("Files")
            case .general: return tr("General")
            }
        }
    }

    /// The detailed action name: "win.select-all", "app.about".
    let action: String
    let title: String
    let section: Section
    let accels: [String]
    let contextKeys: [String]

    init(_ action: String, _ title: String, _ section: Section, accels: [String] = [], context: [String] = []) {
        self.action = action
        self.title = title
        self.section = section
        self.accels = accels
        self.contextKeys = context
    }

    /// The name without its "app."/"win." prefix, as the action map knows it.
    var name: String { String(action.drop { $0 != "." }.dropFirst()) }
}

enum Commands {
    static let all: [Command] = [
        Command("win.accept", tr("Done: hand over the picks"), .picking, accels: ["<Primary>Return"], context: ["Return"]),
        Command("win.cancel", tr("Cancel"), .picking, context: ["Escape"]),
        // Escape stops it too, in the window's key handler (Escape is Cancel's key in the table).
        Command("win.cancel-export", tr("Stop the export (back to picking)"), .picking),
        Command("win.export-size", tr("Export size (original, 2048, 1024, 512)"), .picking),
        Command("win.keep-location", tr("Keep the location in the export"), .picking),
        Command("win.toggle-pick", tr("Pick or unpick"), .picking, context: ["space"]),
        Command("win.select-all", tr("Pick all shown"), .picking, accels: ["<Primary>a"]),
        Command("win.select-none", tr("Unpick all"), .picking, accels: ["<Shift><Primary>a"]),
        Command("win.select-group", tr("Pick the whole group"), .picking, context: ["<Primary>g"]),
        Command("win.undo", tr("Undo"), .picking, accels: ["<Primary>z"]),
        Command("win.redo", tr("Redo"), .picking, accels: ["<Shift><Primary>z", "<Primary>y"]),
        Command("win.preview", tr("Preview"), .view, context: ["<Alt>Return"]),
        Command("win.search", tr("Search names"), .view, accels: ["<Primary>f"]),
        Command("win.zoom-in", tr("Larger thumbnails"), .view, accels: ["<Primary>plus", "<Primary>equal", "<Primary>KP_Add"]),
        Command("win.zoom-out", tr("Smaller thumbnails"), .view, accels: ["<Primary>minus", "<Primary>KP_Subtract"]),
        Command("win.zoom-reset", tr("Default thumbnail size"), .view, accels: ["<Primary>0", "<Primary>KP_0"]),
        Command("win.filter", tr("Show: a filter (its index)"), .view),
        Command("win.group", tr("Group by (none, year, month…)"), .view),
        Command("win.sort", tr("Sort by (newest, oldest, name, size)"), .view),
        Command("win.toggle-sidebar", tr("Show or hide albums"), .view, accels: ["F9"]),
        Command("win.reload", tr("Scan the folders again"), .files, accels: ["F5", "<Primary>r"]),
        Command("win.open", tr("Open the focused file in its app"), .files, accels: ["<Primary>o"]),
        Command("win.copy", tr("Copy the focused file, or the picks"), .files, accels: ["<Primary>c"]),
        Command("win.browse-files", tr("Browse files with the desktop's chooser"), .files,
                accels: ["<Shift><Primary>o"]),
        Command("win.open-item", tr("Open (a tile's menu)"), .files),
        Command("win.copy-items", tr("Copy (a tile's menu)"), .files),
        Command("win.context-menu", tr("Item menu"), .files, context: ["Menu", "<Shift>F10"]),
        Command("app.shortcuts", tr("Keyboard shortcuts"), .general, accels: ["<Primary>question"]),
        Command("app.about", tr("About photopick"), .general),
        Command("app.quit", tr("Quit (as Cancel)"), .general, accels: ["<Primary>q"]),
    ]

    /// The window's actions that act on the grid and its toolbar: off while the preview
    /// covers them, so their keys reach the preview as they did before there were actions.
    static let browseOnly: Set<String> = [
        "select-all", "select-none", "undo", "redo", "search", "zoom-in", "zoom-out", "zoom-reset",
        "toggle-sidebar", "reload", "open", "copy",
    ]
    /// Off while a text field has the focus: there Ctrl+A, Ctrl+C, Ctrl+Z and Ctrl+Y act on the text.
    static let notInText: Set<String> = ["select-all", "select-none", "undo", "redo", "copy"]
}
