import CGtk
import PhotoPickGLib

extension Gtk {
    /// A GtkShortcutController on a widget (which owns it): keys, in GTK's accelerator syntax
    /// ("<Primary>g", "Page_Down"), that activate an action. GTK matches a key only while the
    /// widget is mapped and sensitive, and tries the shortcuts a key matches in the order they
    /// were added until one acts: a named action that is disabled does not act, so the key
    /// goes on to the next shortcut and then to the widgets.
    @MainActor
    struct ShortcutController {
        private let controller: OpaquePointer

        /// Where the keys act: `local` while the keyboard focus is in `widget`, `managed` with
        /// the focus anywhere in its window. `phase`: capture to come before the focused
        /// widget's own keys (a list's arrows, a button's Return), bubble after them.
        enum Scope { case local, managed }

        init(on widget: Widget, scope: Scope, phase: GtkPropagationPhase) {
            controller = gtk_shortcut_controller_new()
            gtk_shortcut_controller_set_scope(controller, scope == .local ? GTK_SHORTCUT_SCOPE_LOCAL : GTK_SHORTCUT_SCOPE_MANAGED)
            gtk_event_controller_set_propagation_phase(controller, phase)
            gtk_widget_add_controller(widget, controller)
        }

        /// Each of `keys` activates the command's action, looked up from the widget up (its own
        /// action groups, then the window's "win.", then the application's "app.").
        func add(_ keys: [String], _ command: CommandName) {
            for key in keys { add(key, gtk_named_action_new(command.action)) }
        }

        /// Each of `keys` calls `handler`, which returns whether it used the key (else the key
        /// goes on as if it had no shortcut here).
        func add(_ keys: [String], _ handler: @escaping @MainActor () -> Bool) {
            let call: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, UnsafeMutableRawPointer?) -> gboolean = { _, _, data in
                let handler: @MainActor () -> Bool = unbox(data)
                return MainActor.assumeIsolated { handler() } ? 1 : 0
            }
            for key in keys { add(key, gtk_callback_action_new(call, CallbackBox(handler).retainedPointer(), releaseBox)) }
        }

        /// The shortcut owns the trigger and the action, the controller the shortcut.
        private func add(_ key: String, _ action: OpaquePointer?) {
            guard let trigger = gtk_shortcut_trigger_parse_string(key) else {
                assertionFailure("GTK cannot read the key \(key)")
                return
            }
            gtk_shortcut_controller_add_shortcut(controller, gtk_shortcut_new(trigger, action))
        }
    }
}
