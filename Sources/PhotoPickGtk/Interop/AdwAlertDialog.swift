import CGtk

extension Adw {
    /// A heading, a body and a row of responses, modal over its window: an AdwAlertDialog from
    /// libadwaita 1.5 (over a GtkApplicationWindow it opens as a window of its own, titled by
    /// the heading), an AdwMessageDialog (1.2) before. Escape and closing it give the close
    /// response; Return the default.
    @MainActor
    struct AlertDialog {
        private let widget: Widget
        private let parent: Widget

        #if ADW_1_5
        private var dialog: UnsafeMutablePointer<AdwAlertDialog> { cast(widget) }

        init(over parent: Widget, heading: String, body: String) {
            self.parent = parent
            widget = raw(adw_alert_dialog_new(heading, body)).assumingMemoryBound(to: GtkWidget.self)
            adw_dialog_set_title(cast(widget), heading)  // the window's title: what a window list and a screen reader name it
        }

        /// A response button: `id` is what the handler gets; `label` may have a mnemonic.
        func addResponse(_ id: String, _ label: String, destructive: Bool = false) {
            adw_alert_dialog_add_response(dialog, id, label)
            if destructive { adw_alert_dialog_set_response_appearance(dialog, id, ADW_RESPONSE_DESTRUCTIVE) }
        }

        /// Return chooses `defaultID`; Escape or closing the dialog chooses `closeID`.
        func setResponses(default defaultID: String, close closeID: String) {
            adw_alert_dialog_set_default_response(dialog, defaultID)
            adw_alert_dialog_set_close_response(dialog, closeID)
        }

        private func show() {
            #if !ADW_1_8
            // The dialog's content (its child: the dialog holds it only while presented).
            if let content = adw_dialog_get_child(cast(widget)) { Self.letHeadingShrink(content) }
            #endif
            adw_dialog_present(cast(widget), parent)
        }

        #if !ADW_1_8
        /// libadwaita 1.5 to 1.7 measure the alert's heading, a label that never wraps, at
        /// widths narrower than it while sizing the dialog, and GTK 4.12 and later print a
        /// warning each time ("Trying to measure GtkLabel … for width of 100, but it needs at
        /// least 257": libadwaita issue 1025, fixed in 1.8). An ellipsizing heading may be
        /// measured at any width; the dialog still shows it whole, or its own wrapping copy
        /// where it does not fit. The heading is the label styled title-2 (the copy title-4).
        private static func letHeadingShrink(_ widget: Widget) {
            if GObjectValues.typeName(widget) == "GtkLabel", gtk_widget_has_css_class(widget, "title-2") != 0 {
                gtk_label_set_ellipsize(cast(widget), PANGO_ELLIPSIZE_END)
            }
            var child = gtk_widget_get_first_child(widget)
            while let c = child {
                letHeadingShrink(c)
                child = gtk_widget_get_next_sibling(c)
            }
        }
        #endif
        #else
        private var dialog: UnsafeMutablePointer<AdwMessageDialog> { cast(widget) }

        init(over parent: Widget, heading: String, body: String) {
            self.parent = parent
            widget = adw_message_dialog_new(cast(parent), heading, body)
            gtk_window_set_modal(cast(widget), 1)
            gtk_window_set_title(cast(widget), heading)  // what a window list and a screen reader name it
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

        private func show() { gtk_window_present(cast(widget)) }
        #endif

        /// Shows the dialog; `handler` gets the chosen response's id once, and the dialog goes.
        func present(_ handler: @escaping @MainActor (String) -> Void) {
            onPointerSignal(widget, "response") { id in
                handler(id.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "")
            }
            show()
        }
    }
}
