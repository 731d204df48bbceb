import CGtk

/// Typed handles over the window-level kinds: windows, header bars, stacks, popovers and menu
/// buttons. As in TypedWidgets.swift, each is a plain pointer (GTK owns the widget).
extension Gtk {
    @MainActor
    struct Window {
        let widget: Widget
        init(_ widget: Widget) { self.widget = widget }
        /// A GtkApplicationWindow of `application` (it keeps the window until it is destroyed).
        init(application: Application) { widget = gtk_application_window_new(application.gtk) }
        private var window: UnsafeMutablePointer<GtkWindow> { cast(widget) }
        func setTitle(_ title: String) { gtk_window_set_title(window, title) }
        var title: String? { gtk_window_get_title(window).map { String(cString: $0) } }
        func setDefaultSize(_ width: Int32, _ height: Int32) { gtk_window_set_default_size(window, width, height) }
        /// The unmaximized size, as GTK 4 keeps it.
        var defaultSize: (width: Int32, height: Int32) {
            var w: Int32 = 0, h: Int32 = 0
            gtk_window_get_default_size(window, &w, &h)
            return (w, h)
        }
        func maximize() { gtk_window_maximize(window) }
        var isMaximized: Bool { gtk_window_is_maximized(window) != 0 }
        func setIconName(_ name: String) { gtk_window_set_icon_name(window, name) }
        func setTitlebar(_ titlebar: Widget) { gtk_window_set_titlebar(window, titlebar) }
        func setTitlebar(_ titlebar: some WidgetHandle) { setTitlebar(titlebar.widget) }
        func setChild(_ child: Widget) { gtk_window_set_child(window, child) }
        func setChild(_ child: some WidgetHandle) { setChild(child.widget) }
        func setTransientFor(_ parent: Widget?) { gtk_window_set_transient_for(window, parent.map { cast($0) }) }
        func setTransientFor(_ parent: Window?) { setTransientFor(parent?.widget) }
        func present() { gtk_window_present(window) }
        func destroy() { gtk_window_destroy(window) }
        /// The widget with the keyboard focus, if any.
        var focus: AnyWidget? { gtk_window_get_focus(window).map(AnyWidget.init) }
        /// The window's GActionMap, for "win." actions (a GtkApplicationWindow is one).
        var actionMap: OpaquePointer { cast(widget) }
    }

    @MainActor
    struct HeaderBar {
        let widget: Widget
        init() { widget = gtk_header_bar_new() }
        private var bar: OpaquePointer { cast(widget) }
        func packStart(_ child: Widget) { gtk_header_bar_pack_start(bar, child) }
        func packStart(_ child: some WidgetHandle) { packStart(child.widget) }
        func packEnd(_ child: Widget) { gtk_header_bar_pack_end(bar, child) }
        func packEnd(_ child: some WidgetHandle) { packEnd(child.widget) }
        func setTitleWidget(_ child: Widget) { gtk_header_bar_set_title_widget(bar, child) }
        func setTitleWidget(_ child: some WidgetHandle) { setTitleWidget(child.widget) }
        func setShowTitleButtons(_ on: Bool) { gtk_header_bar_set_show_title_buttons(bar, on ? 1 : 0) }
        /// The window buttons shown ("icon:close"), or nil for the desktop's setting.
        func setDecorationLayout(_ layout: String?) { gtk_header_bar_set_decoration_layout(bar, layout) }
    }

    @MainActor
    struct Popover {
        let widget: Widget
        init() { widget = gtk_popover_new() }
        init(_ widget: Widget) { self.widget = widget }
        private var popover: UnsafeMutablePointer<GtkPopover> { cast(widget) }
        func setChild(_ child: Widget) { gtk_popover_set_child(popover, child) }
        func setChild(_ child: some WidgetHandle) { setChild(child.widget) }
        func point(at x: Int32, _ y: Int32) {
            var point = GdkRectangle(x: x, y: y, width: 1, height: 1)
            gtk_popover_set_pointing_to(popover, &point)
        }
        func popup() { gtk_popover_popup(popover) }
        func popdown() { gtk_popover_popdown(popover) }
    }

    @MainActor
    struct MenuButton {
        let widget: Widget
        init() { widget = gtk_menu_button_new() }
        private var button: OpaquePointer { cast(widget) }
        func setIconName(_ name: String) { gtk_menu_button_set_icon_name(button, name) }
        /// The button keeps its own reference to the menu.
        func setMenu(_ menu: Gio.Menu) {
            gtk_menu_button_set_menu_model(button, menu.model)
            if let popover { QuietTooltips.whileOpen(popover, owner: widget) }
        }
        /// The popover it opens (the popover menu `setMenu` made), owned by the button.
        var popover: Widget? { gtk_menu_button_get_popover(button).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWidget.self) } }
        func setPopover(_ popover: Popover) {
            gtk_menu_button_set_popover(button, popover.widget)
            QuietTooltips.whileOpen(popover.widget, owner: widget)
        }
        /// The window's main menu (F10 opens it).
        func setPrimary(_ on: Bool) { gtk_menu_button_set_primary(button, on ? 1 : 0) }
    }

    @MainActor
    struct ActionBar {
        let widget: Widget
        init() { widget = gtk_action_bar_new() }
        func packStart(_ child: Widget) { gtk_action_bar_pack_start(cast(widget), child) }
        func packStart(_ child: some WidgetHandle) { packStart(child.widget) }
    }

    @MainActor
    struct ProgressBar {
        let widget: Widget
        init() { widget = gtk_progress_bar_new() }
        private var bar: OpaquePointer { cast(widget) }
        func setPulseStep(_ step: Double) { gtk_progress_bar_set_pulse_step(bar, step) }
        func pulse() { gtk_progress_bar_pulse(bar) }
    }
}
