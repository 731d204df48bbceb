import CGtk

/// Adds GActions to a GActionMap (the application, a GtkApplicationWindow, a widget's own
/// group) and keeps them
/// reachable by name to switch them on and off. Each handler runs on the main thread, as GLib
/// emits "activate" and "change-state" where the action was activated.
@MainActor
final class ActionMap {
    private let map: OpaquePointer
    private var actions: [CommandName: OpaquePointer] = [:]

    /// The application's actions ("app.…").
    init(application: Gtk.Application) { map = application.actionMap }
    /// A window's actions ("win.…").
    init(window: Gtk.Window) { map = window.actionMap }
    /// A widget's own actions ("grid.…"): a group inserted on the widget, found from it and
    /// from what lies inside it (its shortcuts), and gone with it.
    init(widget: Widget, group: CommandGroup) {
        let actionGroup = g_simple_action_group_new()!
        gtk_widget_insert_action_group(widget, group.rawValue, OpaquePointer(actionGroup))
        g_object_unref(UnsafeMutableRawPointer(actionGroup))  // the widget holds it
        map = OpaquePointer(actionGroup)
    }

    /// A plain command.
    func add(_ name: CommandName, _ handler: @escaping @MainActor () -> Void) {
        let action = g_simple_action_new(name.name, nil)!
        onPointerSignal(UnsafeMutableRawPointer(action), "activate") { _ in handler() }
        insert(name, action)
    }

    /// A command about one item, named by a uint32 target ("win.open-item(uint32 7)"): a
    /// context menu's items, each bound to the item it was opened on.
    func add(_ name: CommandName, item handler: @escaping @MainActor (UInt32) -> Void) {
        let type = g_variant_type_new("u")
        defer { g_variant_type_free(type) }
        let action = g_simple_action_new(name.name, type)!
        onPointerSignal(UnsafeMutableRawPointer(action), "activate") { parameter in
            guard let parameter else { return }
            handler(g_variant_get_uint32(OpaquePointer(parameter)))
        }
        insert(name, action)
    }

    /// A boolean toggle (a check item in a menu); `handler` gets the new state.
    func addToggle(_ name: CommandName, initial: Bool, _ handler: @escaping @MainActor (Bool) -> Void) {
        let action = g_simple_action_new_stateful(name.name, nil, g_variant_new_boolean(initial ? 1 : 0))!
        onPointerSignal(UnsafeMutableRawPointer(action), "activate") { [unowned self] _ in
            let on = !self.boolState(name)
            self.setState(name, on)
            handler(on)
        }
        insert(name, action)
    }

    /// One choice among strings (radio items, "win.sort::name"); `handler` gets the chosen one.
    func addChoice(_ name: CommandName, initial: String, _ handler: @escaping @MainActor (String) -> Void) {
        let type = g_variant_type_new("s")
        defer { g_variant_type_free(type) }
        let action = g_simple_action_new_stateful(name.name, type, g_variant_new_string(initial))!
        onPointerSignal(UnsafeMutableRawPointer(action), "change-state") { [unowned self] value in
            guard let value else { return }
            let choice = String(cString: g_variant_get_string(OpaquePointer(value), nil))
            self.setState(name, choice)
            handler(choice)
        }
        insert(name, action)
    }

    /// Every command given a handler here.
    var handled: Set<CommandName> { Set(actions.keys) }

    func setEnabled(_ names: some Sequence<CommandName>, _ enabled: Bool) {
        for name in names { setEnabled(name, enabled) }
    }

    func setEnabled(_ name: CommandName, _ enabled: Bool) {
        guard let action = actions[name] else { return }
        g_simple_action_set_enabled(action, enabled ? 1 : 0)
    }

    /// Shows a state changed elsewhere (the session's sort set from the command line).
    func setState(_ name: CommandName, _ value: Bool) {
        guard let action = actions[name] else { return }
        g_simple_action_set_state(action, g_variant_new_boolean(value ? 1 : 0))
    }

    func setState(_ name: CommandName, _ value: String) {
        guard let action = actions[name], stringState(name) != value else { return }
        g_simple_action_set_state(action, g_variant_new_string(value))
    }

    /// Asks a stateful action for a new state, as a menu's radio item would.
    func changeState(_ name: CommandName, _ value: String) {
        guard let action = actions[name] else { return }
        g_action_change_state(action, g_variant_new_string(value))
    }

    func activate(_ name: CommandName) {
        guard let action = actions[name] else { return }
        g_action_activate(action, nil)
    }

    func boolState(_ name: CommandName) -> Bool {
        guard let action = actions[name], let state = g_action_get_state(action) else { return false }
        defer { g_variant_unref(state) }
        return g_variant_get_boolean(state) != 0
    }

    func stringState(_ name: CommandName) -> String? {
        guard let action = actions[name], let state = g_action_get_state(action) else { return nil }
        defer { g_variant_unref(state) }
        return String(cString: g_variant_get_string(state, nil))
    }

    private func insert(_ name: CommandName, _ action: OpaquePointer) {
        g_action_map_add_action(map, action)
        actions[name] = action  // the map holds a reference for as long as the window lives
        g_object_unref(UnsafeMutableRawPointer(action))
    }
}
