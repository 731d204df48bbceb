import PhotoPickCore

/// Keys of one widget that name no command of their own: the tray's, which act on the pick
/// they are pressed on (SelectionTray binds them on each of its items, through
/// `KeyBindings.bind(_:on:_:)`, and handles each in one switch). The shortcuts window lists
/// them with the commands, so every key the window answers to is written down in one place.
struct KeyHelp: Sendable {
    /// What the key does; the tray's switch over it has a case for each.
    enum Key: Sendable, CaseIterable {
        case unpick, earlier, later
    }

    let id: Key
    let title: String
    let section: Command.Section
    let keys: [String]

    init(_ id: Key, _ title: String, _ section: Command.Section, _ keys: [String]) {
        (self.id, self.title, self.section, self.keys) = (id, title, section, keys)
    }

    static let all: [KeyHelp] = [
        KeyHelp(.unpick, tr("Unpick"), .tray, ["Delete", "BackSpace"]),
        KeyHelp(.earlier, tr("Move it earlier or later"), .tray, ["<Primary>Left"]),
        KeyHelp(.later, tr("Move it earlier or later"), .tray, ["<Primary>Right"]),
    ]
}
