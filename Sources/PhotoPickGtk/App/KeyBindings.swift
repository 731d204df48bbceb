import CGtk
import PhotoPickSystem

/// Binds the command table's `keys` where each row says (`Command.Place`): one
/// GtkShortcutController per place, made from that place's rows, each key naming its row's
/// action. So a key is written once, in the table, and does what its action does; a key
/// whose action is off (the preview's while the grid shows) goes on as if unbound.
@MainActor
enum KeyBindings {
    /// The rows whose keys are bound in `place`.
    nonisolated static func rows(in place: Command.Place) -> [Command] {
        Commands.all.filter { $0.place == place && !$0.keys.isEmpty }
    }

    /// The places bound so far (`CommandCoverage` checks that none is left out).
    private(set) static var bound: Set<Command.Place> = []

    /// Binds `place`'s keys on `widget`: the window, the grid, the preview or the search field.
    @discardableResult
    static func bind(_ place: Command.Place, on widget: some WidgetHandle) -> Gtk.ShortcutController {
        let controller = Gtk.ShortcutController(on: widget.widget, scope: scope(of: place), phase: GTK_PHASE_CAPTURE)
        for command in rows(in: place) { controller.add(command.keys, command.id) }
        bound.insert(place)
        return controller
    }

    /// Binds the keys of `KeyHelp.all` on `widget` (a tray item): each calls `handler` with
    /// what it means, which returns whether it used the key (a pick at the end cannot move
    /// later). After the widget's own keys, while the focus is on it.
    static func bind(_ keys: [KeyHelp], on widget: some WidgetHandle, _ handler: @escaping @MainActor (KeyHelp.Key) -> Bool) {
        let controller = Gtk.ShortcutController(on: widget.widget, scope: .local, phase: GTK_PHASE_BUBBLE)
        for help in keys { controller.add(help.keys) { handler(help.id) } }
    }

    /// Every place comes before the focused widget (capture): a tile's Space, the preview's
    /// arrows and Return on a button are the table's, as they were when the window routed
    /// keys by hand. The preview's keys act wherever the focus is while it shows (managed:
    /// GTK runs them at the window while the preview is mapped); the others only while the
    /// focus is inside their widget (the window's: always).
    private static func scope(of place: Command.Place) -> Gtk.ShortcutController.Scope {
        switch place {
        case .window, .grid, .search: return .local
        case .preview: return .managed
        }
    }
}
