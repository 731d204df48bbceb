import PhotoPickCore

/// Keys that act only where the focus is and name no command of their own (moving in the
/// grid, the preview's and the tray's keys): the shortcuts window lists them with the
/// commands, so every key the window answers to is written down in one place. Each row's
/// keys are those its key handler takes (ThumbnailGrid+Keys, PreviewView, SelectionTray);
/// keypad twins, which look the same, are left out.
struct KeyHelp: Sendable {
    let title: String
    let section: Command.Section
    let keys: [String]

    init(_ title: String, _ section: Command.Section, _ keys: [String]) {
        (self.title, self.section, self.keys) = (title, section, keys)
    }

    static let all: [KeyHelp] = [
        KeyHelp(tr("Move the focus"), .moving, ["Left", "Right", "Up", "Down"]),
        KeyHelp(tr("Pick while moving"), .moving, ["<Shift>Left", "<Shift>Right", "<Shift>Up", "<Shift>Down"]),
        KeyHelp(tr("First or last item"), .moving, ["Home", "End"]),
        KeyHelp(tr("A screen up or down"), .moving, ["Page_Up", "Page_Down"]),
        KeyHelp(tr("Previous or next item"), .preview, ["Left", "Right"]),
        KeyHelp(tr("Pick or unpick"), .preview, ["space"]),
        KeyHelp(tr("Play or pause a video"), .preview, ["p"]),
        KeyHelp(tr("Zoom in or out"), .preview, ["plus", "minus"]),
        KeyHelp(tr("Actual size"), .preview, ["1"]),
        KeyHelp(tr("Fit the window"), .preview, ["0"]),
        KeyHelp(tr("Back to the grid"), .preview, ["Escape"]),
        KeyHelp(tr("Unpick"), .tray, ["Delete"]),
        KeyHelp(tr("Move it earlier or later"), .tray, ["<Primary>Left", "<Primary>Right"]),
    ]
}
