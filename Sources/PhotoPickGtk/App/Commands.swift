import PhotoPickCore

/// Where a command's action lives: the application's ("app."), the window's ("win.") or the
/// grid's own group ("grid.", on its widget).
enum CommandGroup: String, Sendable {
    case app, win, grid
}

/// Every command's name, typed: the one spelling of each action. The raw value is GTK's
/// detailed name ("win.select-all", "app.about"); menus, buttons, handlers, shortcuts and the
/// key table all name commands through this, never through a string.
enum CommandName: String, CaseIterable, Sendable {
    case accept = "win.accept", cancel = "win.cancel", back = "win.back", cancelExport = "win.cancel-export"
    case exportSize = "win.export-size", keepLocation = "win.keep-location"
    case togglePick = "win.toggle-pick", selectAll = "win.select-all", selectNone = "win.select-none"
    case selectGroup = "win.select-group", undo = "win.undo", redo = "win.redo"
    case preview = "win.preview", search = "win.search", leaveSearch = "win.leave-search"
    case zoomIn = "win.zoom-in", zoomOut = "win.zoom-out", zoomReset = "win.zoom-reset"
    case filter = "win.filter", group = "win.group", sort = "win.sort", toggleSidebar = "win.toggle-sidebar"
    case reload = "win.reload", open = "win.open", copy = "win.copy", browseFiles = "win.browse-files"
    case openItem = "win.open-item", copyItems = "win.copy-items", contextMenu = "win.context-menu"
    case shortcuts = "app.shortcuts", about = "app.about", quit = "app.quit"
    // The grid's focus, moved alone or picking the tiles it crosses (ThumbnailGrid, Keys).
    case focusLeft = "grid.focus-left", focusRight = "grid.focus-right", focusUp = "grid.focus-up"
    case focusDown = "grid.focus-down", focusFirst = "grid.focus-first", focusLast = "grid.focus-last"
    case focusPageUp = "grid.focus-page-up", focusPageDown = "grid.focus-page-down"
    case pickLeft = "grid.pick-left", pickRight = "grid.pick-right", pickUp = "grid.pick-up"
    case pickDown = "grid.pick-down", pickFirst = "grid.pick-first", pickLast = "grid.pick-last"
    case pickPageUp = "grid.pick-page-up", pickPageDown = "grid.pick-page-down"
    // The preview's: on only while it shows (PickerWindow+Actions).
    case previewBack = "win.preview-back", previewPrevious = "win.preview-previous", previewNext = "win.preview-next"
    case previewFirst = "win.preview-first", previewLast = "win.preview-last", previewPick = "win.preview-pick"
    case previewPlay = "win.preview-play", previewZoomIn = "win.preview-zoom-in", previewZoomOut = "win.preview-zoom-out"
    case previewActualSize = "win.preview-actual-size", previewFit = "win.preview-fit"

    /// The detailed action name: "win.select-all", "app.about".
    var action: String { rawValue }

    /// The name without its group's prefix, as the action map knows it.
    var name: String { String(rawValue.drop { $0 != "." }.dropFirst()) }

    /// The group whose action map holds it.
    var group: CommandGroup {
        guard let group = CommandGroup(rawValue: String(rawValue.prefix { $0 != "." })) else {
            preconditionFailure("\(rawValue) names no action group")
        }
        return group
    }

    /// The application's ("app.").
    var isApplications: Bool { group == .app }
}

/// Every command of the window, with its keys: the one table the application's accelerators,
/// the widgets' shortcuts, the shortcuts window and the trace are made from. Every
/// `CommandName` has one row here and one handler, an action in its group (`CommandCoverage`
/// checks both at start-up), and a key is written only here.
///
/// `accels` are registered with the application (gtk_application_set_accels_for_action): they
/// act anywhere in the window, before the focused widget. `keys` mean the command only in its
/// `place` (Space on a tile, Left in the preview, Return and Escape outside the export): each
/// place's GtkShortcutController is made from these rows (`KeyBindings`) and names the row's
/// action, which is switched off where the key must mean something else.
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
    /// Keys that act only in `place`.
    let keys: [String]
    let place: Place
    /// When the window has the command at all.
    let when: Condition

    /// Where a row's `keys` are bound (`KeyBindings`), and so when they act.
    enum Place: CaseIterable, Sendable {
        /// Anywhere in the window, before the focused widget (Return on a focused button still
        /// means Done).
        case window
        /// While the grid has the focus, before its list's own keys.
        case grid
        /// While the preview shows, wherever the focus is (its buttons do not take its keys).
        case preview
        /// While the search field has the focus.
        case search
    }

    enum Condition: Sendable {
        case always
        /// Only while the caller lets the user choose the export (`--export-choice`): the
        /// choice bar's size and location.
        case exportChoice
    }

    init(_ id: CommandName, _ title: String, _ section: Section, accels: [String] = [], keys: [String] = [],
         on place: Place = .window, when: Condition = .always) {
        self.id = id
        self.when = when
        self.title = title
        self.section = section
        self.accels = accels
        self.keys = keys
        self.place = place
    }

    /// The detailed action name: "win.select-all", "app.about".
    var action: String { id.action }
    /// The name without its group's prefix, as the action map knows it.
    var name: String { id.name }
}

enum Commands {
    static let all: [Command] = [
        Command(.accept, tr("Done: hand over the picks"), .picking, accels: ["<Primary>Return"], keys: ["Return", "KP_Enter"]),
        // The header's Cancel button; Escape is Back's, which cancels when there is nothing to go back from.
        Command(.cancel, tr("Cancel"), .picking),
        Command(.back, tr("Cancel"), .picking, keys: ["Escape"]),
        Command(.cancelExport, tr("Stop the export (back to picking)"), .picking, keys: ["Escape"]),
        Command(.exportSize, tr("Export size (original, 2048, 1024, 512)"), .picking, when: .exportChoice),
        Command(.keepLocation, tr("Keep the location in the export"), .picking, when: .exportChoice),
        Command(.togglePick, tr("Pick or unpick"), .picking, keys: ["space", "KP_Space"], on: .grid),
        Command(.selectAll, tr("Pick all shown"), .picking, accels: ["<Primary>a"]),
        Command(.selectNone, tr("Unpick all"), .picking, accels: ["<Shift><Primary>a"]),
        Command(.selectGroup, tr("Pick the whole group"), .picking, keys: ["<Primary>g"], on: .grid),
        Command(.undo, tr("Undo"), .picking, accels: ["<Primary>z"]),
        Command(.redo, tr("Redo"), .picking, accels: ["<Shift><Primary>z", "<Primary>y"]),
        Command(.focusLeft, tr("Move the focus"), .moving, keys: ["Left", "KP_Left"], on: .grid),
        Command(.focusRight, tr("Move the focus"), .moving, keys: ["Right", "KP_Right"], on: .grid),
        Command(.focusUp, tr("Move the focus"), .moving, keys: ["Up", "KP_Up"], on: .grid),
        Command(.focusDown, tr("Move the focus"), .moving, keys: ["Down", "KP_Down"], on: .grid),
        Command(.pickLeft, tr("Pick while moving"), .moving, keys: ["<Shift>Left", "<Shift>KP_Left"], on: .grid),
        Command(.pickRight, tr("Pick while moving"), .moving, keys: ["<Shift>Right", "<Shift>KP_Right"], on: .grid),
        Command(.pickUp, tr("Pick while moving"), .moving, keys: ["<Shift>Up", "<Shift>KP_Up"], on: .grid),
        Command(.pickDown, tr("Pick while moving"), .moving, keys: ["<Shift>Down", "<Shift>KP_Down"], on: .grid),
        Command(.focusFirst, tr("First or last item"), .moving, keys: ["Home", "KP_Home"], on: .grid),
        Command(.focusLast, tr("First or last item"), .moving, keys: ["End", "KP_End"], on: .grid),
        Command(.pickFirst, tr("Pick while moving"), .moving, keys: ["<Shift>Home", "<Shift>KP_Home"], on: .grid),
        Command(.pickLast, tr("Pick while moving"), .moving, keys: ["<Shift>End", "<Shift>KP_End"], on: .grid),
        Command(.focusPageUp, tr("A screen up or down"), .moving, keys: ["Page_Up", "KP_Page_Up"], on: .grid),
        Command(.focusPageDown, tr("A screen up or down"), .moving, keys: ["Page_Down", "KP_Page_Down"], on: .grid),
        Command(.pickPageUp, tr("Pick while moving"), .moving, keys: ["<Shift>Page_Up", "<Shift>KP_Page_Up"], on: .grid),
        Command(.pickPageDown, tr("Pick while moving"), .moving, keys: ["<Shift>Page_Down", "<Shift>KP_Page_Down"], on: .grid),
        Command(.preview, tr("Preview"), .view, keys: ["<Alt>Return", "<Alt>KP_Enter", "<Alt>ISO_Enter"], on: .grid),
        Command(.search, tr("Search names"), .view, accels: ["<Primary>f"]),
        Command(.leaveSearch, tr("Back to the grid"), .view, keys: ["Down", "KP_Down"], on: .search),
        Command(.zoomIn, tr("Larger thumbnails"), .view, accels: ["<Primary>plus", "<Primary>equal", "<Primary>KP_Add"]),
        Command(.zoomOut, tr("Smaller thumbnails"), .view, accels: ["<Primary>minus", "<Primary>KP_Subtract"]),
        Command(.zoomReset, tr("Default thumbnail size"), .view, accels: ["<Primary>0", "<Primary>KP_0"]),
        Command(.filter, tr("Show: a filter (its index)"), .view),
        Command(.group, tr("Group by (none, year, month…)"), .view),
        Command(.sort, tr("Sort by (newest, oldest, name, size)"), .view),
        Command(.toggleSidebar, tr("Show or hide albums"), .view, accels: ["F9"]),
        Command(.previewPrevious, tr("Previous or next item"), .preview, keys: ["Left", "KP_Left", "Page_Up"], on: .preview),
        Command(.previewNext, tr("Previous or next item"), .preview, keys: ["Right", "KP_Right", "Page_Down"], on: .preview),
        Command(.previewFirst, tr("First or last item"), .preview, keys: ["Home"], on: .preview),
        Command(.previewLast, tr("First or last item"), .preview, keys: ["End"], on: .preview),
        Command(.previewPick, tr("Pick or unpick"), .preview, keys: ["space"], on: .preview),
        Command(.previewPlay, tr("Play or pause a video, play a Live Photo"), .preview, keys: ["p"], on: .preview),
        Command(.previewZoomIn, tr("Zoom in or out"), .preview, keys: ["plus", "equal", "KP_Add"], on: .preview),
        Command(.previewZoomOut, tr("Zoom in or out"), .preview, keys: ["minus", "KP_Subtract"], on: .preview),
        Command(.previewActualSize, tr("Actual size"), .preview, keys: ["1", "KP_1"], on: .preview),
        Command(.previewFit, tr("Fit the window"), .preview, keys: ["0", "KP_0"], on: .preview),
        Command(.previewBack, tr("Back to the grid"), .preview, keys: ["Escape"], on: .preview),
        Command(.reload, tr("Scan the folders again"), .files, accels: ["F5", "<Primary>r"]),
        Command(.open, tr("Open the focused file in its app"), .files, accels: ["<Primary>o"]),
        Command(.copy, tr("Copy the focused file, or the picks"), .files, accels: ["<Primary>c"]),
        Command(.browseFiles, tr("Browse files with the desktop's chooser"), .files,
                accels: ["<Shift><Primary>o"]),
        Command(.openItem, tr("Open (a tile's menu)"), .files),
        Command(.copyItems, tr("Copy (a tile's menu)"), .files),
        Command(.contextMenu, tr("Item menu"), .files, keys: ["Menu", "<Shift>F10"], on: .grid),
        Command(.shortcuts, tr("Keyboard shortcuts"), .general, accels: ["<Primary>question"]),
        Command(.about, tr("About photopick"), .general),
        Command(.quit, tr("Quit (as Cancel)"), .general, accels: ["<Primary>q"]),
    ]

    /// The row of `name`.
    static func row(_ name: CommandName) -> Command {
        guard let row = all.first(where: { $0.id == name }) else { preconditionFailure("\(name.action) has no row") }
        return row
    }

    /// The window's actions that act on the grid and its toolbar: off while the preview
    /// covers them, so their keys reach the preview as they did before there were actions.
    static let browseOnly: Set<CommandName> = [
        .selectAll, .selectNone, .undo, .redo, .search, .zoomIn, .zoomOut, .zoomReset, .toggleSidebar, .reload, .open, .copy,
        .back,
    ]
    /// The preview's own: on only while it shows, so their keys (Escape, Space, the arrows)
    /// mean the grid's commands again once it is gone.
    static let previewOnly: Set<CommandName> = Set(all.filter { $0.place == .preview }.map(\.id))
    /// Off while a text field has the focus: there Ctrl+A, Ctrl+C, Ctrl+Z and Ctrl+Y act on the text.
    static let notInText: Set<CommandName> = [.selectAll, .selectNone, .undo, .redo, .copy]
}
