import CGtk

extension Adw {
    /// An AdwMessageDialog (libadwaita 1.2): a heading, a body and a row of responses, modal
    /// over its window. Escape and closing it give the close response; Return the default.
    @MainActor
    struct MessageDialog {
        let widget: Widget
        private var dialog: UnsafeMutablePointer<AdwMessageDialog> { cast(widget) }

        init(over parent: Widget, heading: String, body: String) {
            widget = adw_message_dialog_new(cast(parent), heading, body)
            gtk_window_set_modal(cast(widget), 1)
        }

        /// A response button: `id` is what the handler gets; `label` may have a mnemonic.
        func addResponse(_ id: String, _ label: String, destructive: Bool = false) {
            adw_message_dialog_add_response(dialog, id, label)
            if destructive { adw_message_dialog_set_response_appearance(dialog, id, ADW_RESPONSE_DESTRUCTIVE) }
        }

        /// Return chooses `defaultID`; Escape or closing the dialog chooses `closeID`.
        func setResponses(default defaultID: String, close closeID: String) {
            adw_message_dialog_set_default_response(dialog, defaultID)
            adw_message_dialog_set_close_response(dialog, closeID)
        }

        /// Shows the dialog; `handler` gets the chosen response's id once, and the dialog goes.
        func present(_ handler: @escaping @MainActor (String) -> Void) {
            onPointerSignal(dialog, "response") { id in
                handler(id.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "")
            }
            gtk_window_present(cast(widget))
        }
    }
}
