import PhotoPickCore

/// Every command's name, typed: the one spelling of each action. The raw value is GTK's
/// detailed name ("win.select-all", "app.about"); menus, buttons, handlers and the key table
/// all name commands through this, never through a string.
enum CommandName: String, CaseIterable, Sendable {
    case accept = "win.accept", cancel = "win.cancel", cancelExport = "win.cancel-export"
    case exportSize = "win.export-size", keepLocation = "win.keep-location"
    case togglePick = "win.toggle-pick", selectAll = "win.select-all", selectNone = "win.select-none"
    case selectGroup = "win.select-group", undo = "win.undo", redo = "win.redo"
    case preview = "win.preview", search = "win.search"
    case zoomIn = "win.zoom-in", zoomOut = "win.zoom-out", zoomReset = "win.zoom-reset"
    case filter = "win.filter", group = "win.group", sort = "win.sort", toggleSidebar = "win.toggle-sidebar"
    case reload = "win.reload", open = "win.open", copy = "win.copy", browseFiles = "win.browse-files"
    case openItem = "win.open-item", copyItems = "win.copy-items", contextMenu = "win.context-menu"
    case shortcuts = "app.shortcuts", about = "app.about", quit = "app.quit"

    /// The detailed action name: "win.select-all", "app.about".
    var action: String { rawValue }

    /// The name without its "app."/"win." prefix, as the action map knows it.
    var name: String { String(rawValue.drop { $0 != "." }.dropFirst()) }

    /// The application's ("app.") or a window's ("win.").
    var isApplications: Bool { rawValue.hasPrefix("app.") }
}

/// Every command of the window, with its keys: the one table the application's accelerators,
/// the shortcuts window and the trace are made from. Every `CommandName` has one row here and
/// the window one handler for it (`CommandCoverage` checks both at start-up).
///
/// `accels` are registered with the application (gtk_application_set_accels_for_action) and
/// act through the action. `contextKeys` belong to a focused widget and mean the command only
/// there (Space on a tile, Return and Escape outside text fields and popovers): they are listed
/// here for the shortcuts window, but the focused widget's key handler takes them
/// (ThumbnailGrid+Keys, PickerWindow's Return and Escape), so there they are written twice;
/// binding them through GTK's shortcut machinery is still to do (issue 28, item 3).
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

    let id: CommandName
    let title: String
    let section: Section
    let accels: [String]
    let contextKeys: [String]
    /// When the window has the command at all.
    let when: Condition

    enum Condition: Sendable {
        case always
        /// Only while the caller lets the user choose the export (`--export-choice`): the
        /// choice bar's size and location.
        case exportChoice
    }

    init(_ id: CommandName, _ title: String, _ section: Section, accels: [String] = [], context: [String] = [],
         when: Condition = .always) {
        self.id = id
        self.when = when
        self.title = title
        self.section = section
        self.accels = accels
        self.contextKeys = context
    }

    /// The detailed action name: "win.select-all", "app.about".
    var action: String { id.action }
    /// The name without its "app."/"win." prefix, as the action map knows it.
    var name: String { id.name }
}

enum Commands {
    static let all: [Command] = [
        Command(.accept, tr("Done: hand over the picks"), .picking, accels: ["<Primary>Return"], context: ["Return"]),
        Command(.cancel, tr("Cancel"), .picking, context: ["Escape"]),
        // Escape stops it too, in the window's key handler (Escape is Cancel's key in the table).
        Command(.cancelExport, tr("Stop the export (back to picking)"), .picking),
        Command(.exportSize, tr("Export size (original, 2048, 1024, 512)"), .picking, when: .exportChoice),
        Command(.keepLocation, tr("Keep the location in the export"), .picking, when: .exportChoice),
        Command(.togglePick, tr("Pick or unpick"), .picking, context: ["space"]),
        Command(.selectAll, tr("Pick all shown"), .picking, accels: ["<Primary>a"]),
        Command(.selectNone, tr("Unpick all"), .picking, accels: ["<Shift><Primary>a"]),
        Command(.selectGroup, tr("Pick the whole group"), .picking, context: ["<Primary>g"]),
        Command(.undo, tr("Undo"), .picking, accels: ["<Primary>z"]),
        Command(.redo, tr("Redo"), .picking, accels: ["<Shift><Primary>z", "<Primary>y"]),
        Command(.preview, tr("Preview"), .view, context: ["<Alt>Return"]),
        Command(.search, tr("Search names"), .view, accels: ["<Primary>f"]),
        Command(.zoomIn, tr("Larger thumbnails"), .view, accels: ["<Primary>plus", "<Primary>equal", "<Primary>KP_Add"]),
        Command(.zoomOut, tr("Smaller thumbnails"), .view, accels: ["<Primary>minus", "<Primary>KP_Subtract"]),
        Command(.zoomReset, tr("Default thumbnail size"), .view, accels: ["<Primary>0", "<Primary>KP_0"]),
        Command(.filter, tr("Show: a filter (its index)"), .view),
        Command(.group, tr("Group by (none, year, month…)"), .view),
        Command(.sort, tr("Sort by (newest, oldest, name, size)"), .view),
        Command(.toggleSidebar, tr("Show or hide albums"), .view, accels: ["F9"]),
        Command(.reload, tr("Scan the folders again"), .files, accels: ["F5", "<Primary>r"]),
        Command(.open, tr("Open the focused file in its app"), .files, accels: ["<Primary>o"]),
        Command(.copy, tr("Copy the focused file, or the picks"), .files, accels: ["<Primary>c"]),
        Command(.browseFiles, tr("Browse files with the desktop's chooser"), .files,
                accels: ["<Shift><Primary>o"]),
        Command(.openItem, tr("Open (a tile's menu)"), .files),
        Command(.copyItems, tr("Copy (a tile's menu)"), .files),
        Command(.contextMenu, tr("Item menu"), .files, context: ["Menu", "<Shift>F10"]),
        Command(.shortcuts, tr("Keyboard shortcuts"), .general, accels: ["<Primary>question"]),
        Command(.about, tr("About photopick"), .general),
        Command(.quit, tr("Quit (as Cancel)"), .general, accels: ["<Primary>q"]),
    ]

    /// The window's actions that act on the grid and its toolbar: off while the preview
    /// covers them, so their keys reach the preview as they did before there were actions.
    static let browseOnly: Set<CommandName> = [
        .selectAll, .selectNone, .undo, .redo, .search, .zoomIn, .zoomOut, .zoomReset, .toggleSidebar, .reload, .open, .copy,
    ]
    /// Off while a text field has the focus: there Ctrl+A, Ctrl+C, Ctrl+Z and Ctrl+Y act on the text.
    static let notInText: Set<CommandName> = [.selectAll, .selectNone, .undo, .redo, .copy]
}
