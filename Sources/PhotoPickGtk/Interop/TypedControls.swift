import CGtk

/// Typed handles over text entries, drop-downs and actionable buttons.
extension Gtk {
    /// Any GtkEditable (a search entry, an entry).
    @MainActor
    struct Editable {
        let widget: Widget
        init(_ widget: Widget) { self.widget = widget }
        static func searchEntry() -> Editable { Editable(gtk_search_entry_new()) }
        private var editable: OpaquePointer { cast(widget) }
        var text: String { String(cString: gtk_editable_get_text(editable)) }
        func setText(_ text: String) { gtk_editable_set_text(editable, text) }
        func setWidthChars(_ n: Int32) { gtk_editable_set_width_chars(editable, n) }
        func setMaxWidthChars(_ n: Int32) { gtk_editable_set_max_width_chars(editable, n) }
    }

    @MainActor
    struct DropDown {
        let widget: Widget
        /// A drop-down listing `strings`.
        init(strings: [String]) {
            widget = withStringVector(strings) { gtk_drop_down_new_from_strings($0) }
        }
        init(_ widget: Widget) { self.widget = widget }
        private var dropDown: OpaquePointer { cast(widget) }
        var selected: Int { Int(gtk_drop_down_get_selected(dropDown)) }
        func setSelected(_ index: Int) { gtk_drop_down_set_selected(dropDown, guint(max(0, index))) }
    }

    /// A widget implementing GtkActionable (buttons, check buttons): what it activates.
    @MainActor
    struct Actionable {
        let widget: Widget
        init(_ widget: Widget) { self.widget = widget }
        private var actionable: OpaquePointer { cast(widget) }
        func setAction(_ name: CommandName) { gtk_actionable_set_action_name(actionable, name.action) }
        /// `name` with a string target ("win.sort::name").
        func setAction(_ name: CommandName, target: String) {
            setAction(name)
            gtk_actionable_set_action_target_value(actionable, g_variant_new_string(target))
        }
        /// `name` with a uint32 target ("win.open-item(uint32 7)").
        func setAction(_ name: CommandName, target: UInt32) {
            setAction(name)
            gtk_actionable_set_action_target_value(actionable, g_variant_new_uint32(target))
        }
    }
}

extension Gtk.Button {
    init(mnemonic: String) { self.init(gtk_button_new_with_mnemonic(mnemonic)) }
    /// A button showing the icon `iconName` alone.
    init(iconName: String) { self.init(gtk_button_new_from_icon_name(iconName)) }
    static func toggle() -> Gtk.Button { Gtk.Button(gtk_toggle_button_new()) }
    func setUseUnderline(_ on: Bool) { gtk_button_set_use_underline(cast(widget), on ? 1 : 0) }
    /// The label or box inside the button.
    var child: Widget? { gtk_button_get_child(cast(widget)) }
    var actionable: Gtk.Actionable { Gtk.Actionable(widget) }
}

extension Gtk.CheckButton {
    init(label: String) { self.init(gtk_check_button_new_with_label(label)) }
    var isActive: Bool { gtk_check_button_get_active(cast(widget)) != 0 }
    /// Grouped with `first`, so the buttons draw as radio buttons.
    func setGroup(_ first: Gtk.CheckButton) { gtk_check_button_set_group(cast(widget), cast(first.widget)) }
    var actionable: Gtk.Actionable { Gtk.Actionable(widget) }
}

extension Gtk.Scale {
    init(_ orientation: GtkOrientation, minimum: Double, maximum: Double, step: Double) {
        self.init(gtk_scale_new_with_range(orientation, minimum, maximum, step))
    }
    var value: Double { gtk_range_get_value(cast(widget)) }
}

extension Gtk.Label {
    func setSingleLineMode(_ on: Bool) { gtk_label_set_single_line_mode(cast(widget), on ? 1 : 0) }
}

extension Gtk.Spinner {
    init() { self.init(gtk_spinner_new()) }
}

extension Gtk.Stack {
    init() { self.init(gtk_stack_new()) }
    func setCrossfade(durationMs: UInt32) {
        gtk_stack_set_transition_type(cast(widget), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        gtk_stack_set_transition_duration(cast(widget), durationMs)
    }
    /// False: the stack is as wide as the page shown, not as the widest page.
    func setHorizontallyHomogeneous(_ on: Bool) { gtk_stack_set_hhomogeneous(cast(widget), on ? 1 : 0) }
}
