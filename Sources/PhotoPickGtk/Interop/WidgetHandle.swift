import CGtk

/// What every typed handle can do as a widget: be shown, aligned, sized, focused and asked
/// where it is. A view calls `label.setVisible(false)` on the handle it holds, not
/// `gtk_widget_set_visible` on a pointer; the C calls stay here.
@MainActor
protocol WidgetHandle {
    var widget: Widget { get }
}

extension WidgetHandle {
    func setVisible(_ on: Bool) { gtk_widget_set_visible(widget, on ? 1 : 0) }
    var isVisible: Bool { gtk_widget_get_visible(widget) != 0 }
    /// Shown and on screen (its window shown, no ancestor hidden or covered by a stack).
    var isMapped: Bool { gtk_widget_get_mapped(widget) != 0 }
    func setHAlign(_ align: GtkAlign) { gtk_widget_set_halign(widget, align) }
    func setVAlign(_ align: GtkAlign) { gtk_widget_set_valign(widget, align) }
    func setHExpand(_ on: Bool) { gtk_widget_set_hexpand(widget, on ? 1 : 0) }
    func setVExpand(_ on: Bool) { gtk_widget_set_vexpand(widget, on ? 1 : 0) }
    /// The least size it asks for; -1 leaves a direction to the widget.
    func setSizeRequest(width: Int32 = -1, height: Int32 = -1) { gtk_widget_set_size_request(widget, width, height) }
    func setMarginStart(_ margin: Int32) { gtk_widget_set_margin_start(widget, margin) }
    /// Children drawn outside it are cut off (rounded corners clip an image).
    func setClipsChildren(_ on: Bool) { gtk_widget_set_overflow(widget, on ? GTK_OVERFLOW_HIDDEN : GTK_OVERFLOW_VISIBLE) }
    func setSensitive(_ on: Bool) { gtk_widget_set_sensitive(widget, on ? 1 : 0) }
    /// False: pointer events go through it to what is under it.
    func setCanTarget(_ on: Bool) { gtk_widget_set_can_target(widget, on ? 1 : 0) }
    func setFocusable(_ on: Bool) { gtk_widget_set_focusable(widget, on ? 1 : 0) }
    func setTooltip(_ text: String) { gtk_widget_set_tooltip_text(widget, text) }
    var tooltip: String? { gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } }
    /// The widget's name (its type's, unless one was set), as CSS selectors use it.
    var name: String { String(cString: gtk_widget_get_name(widget)) }

    func grabFocus() { gtk_widget_grab_focus(widget) }
    var hasFocus: Bool { gtk_widget_has_focus(widget) != 0 }
    /// Whether the keyboard focus is on one of its descendants (or on it, for a container that takes it).
    var holdsFocusChild: Bool { gtk_widget_get_focus_child(widget) != nil }
    /// Whether its window's focus widget is this one or inside it.
    var containsWindowFocus: Bool {
        guard let root = gtk_widget_get_root(widget), let focused = gtk_root_get_focus(root) else { return false }
        return focused == widget || gtk_widget_is_ancestor(focused, widget) != 0
    }

    /// Its allocated size, 0 before it is laid out.
    var width: Int32 { gtk_widget_get_width(widget) }
    var height: Int32 { gtk_widget_get_height(widget) }
    /// The narrowest it can be, for any height.
    var minimumWidth: Int32 {
        var minimum: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
        return minimum
    }
    /// Device pixels per layout pixel of the monitor it is on (2 on a HiDPI screen).
    var scaleFactor: Int { Int(gtk_widget_get_scale_factor(widget)) }
    /// Where it is in `other`'s coordinates (x, y, width, height), nil when they share no window.
    func bounds(in other: Widget) -> (x: Double, y: Double, width: Double, height: Double)? {
        var rect = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, other, &rect) != 0 else { return nil }
        return (Double(rect.origin.x), Double(rect.origin.y), Double(rect.size.width), Double(rect.size.height))
    }
    func bounds(in other: some WidgetHandle) -> (x: Double, y: Double, width: Double, height: Double)? { bounds(in: other.widget) }

    /// Its children, first to last.
    var children: [Gtk.AnyWidget] {
        var all: [Gtk.AnyWidget] = []
        var child = gtk_widget_get_first_child(widget)
        while let c = child {
            all.append(Gtk.AnyWidget(c))
            child = gtk_widget_get_next_sibling(c)
        }
        return all
    }
    /// Whether it is a `typeName` ("GtkLabel"), exactly, not a subclass.
    func isExactly(_ typeName: String) -> Bool { GObjectValues.typeName(widget) == typeName }

    /// Places it in `parent`, which must lay it out itself (a popover on a tile).
    func setParent(_ parent: Widget) { gtk_widget_set_parent(widget, parent) }
    func setParent(_ parent: some WidgetHandle) { setParent(parent.widget) }
    /// Takes it out of its parent; a widget nothing else holds is destroyed.
    func unparent() { gtk_widget_unparent(widget) }
}

extension Gtk {
    /// A widget whose kind the view does not need: only what every widget can do.
    @MainActor
    struct AnyWidget: WidgetHandle {
        let widget: Widget
        init(_ widget: Widget) { self.widget = widget }
    }
}

extension Gtk.Box: WidgetHandle {}
extension Gtk.Label: WidgetHandle {}
extension Gtk.ScrolledWindow: WidgetHandle {}
extension Gtk.Overlay: WidgetHandle {}
extension Gtk.Image: WidgetHandle {}
extension Gtk.Picture: WidgetHandle {}
extension Gtk.Button: WidgetHandle {}
extension Gtk.Stack: WidgetHandle {}
extension Gtk.Spinner: WidgetHandle {}
extension Gtk.CheckButton: WidgetHandle {}
extension Gtk.Scale: WidgetHandle {}
extension Gtk.Fixed: WidgetHandle {}
extension Gtk.Separator: WidgetHandle {}
extension Gtk.Editable: WidgetHandle {}
extension Gtk.DropDown: WidgetHandle {}
extension Gtk.Switch: WidgetHandle {}
extension Gtk.Window: WidgetHandle {}
extension Gtk.HeaderBar: WidgetHandle {}
extension Gtk.Popover: WidgetHandle {}
extension Gtk.MenuButton: WidgetHandle {}
extension Gtk.ActionBar: WidgetHandle {}
extension Gtk.ProgressBar: WidgetHandle {}
extension Adw.StatusPage: WidgetHandle {}
#if ADW_1_4
extension Adw.OverlaySplitView: WidgetHandle {}
extension Adw.CollapsingBin: WidgetHandle {}
#else
extension Adw.Flap: WidgetHandle {}
#endif
extension Adw.ToastOverlay: WidgetHandle {}
