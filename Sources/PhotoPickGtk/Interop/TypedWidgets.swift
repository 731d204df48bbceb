import CGtk

/// Typed handles over the GTK widget kinds the views build with: a view holds a
/// `Gtk.Label` or a `Gtk.Box`, not a bare widget, and calls only what that kind has; the
/// pointer casts GTK's C API needs stay here. Each is a plain pointer (the widget tree owns
/// the widget); `widget` hands it to anything that takes any widget.
enum Gtk {
    @MainActor
    struct Box {
        let widget: Widget
        init(_ orientation: GtkOrientation, spacing: Int32 = 0) { widget = gtk_box_new(orientation, spacing) }
        /// A widget made as a box.
        init(_ widget: Widget) { self.widget = widget }
        private var box: UnsafeMutablePointer<GtkBox> { cast(widget) }
        func append(_ child: Widget) { gtk_box_append(box, child) }
        func append(_ child: some WidgetHandle) { append(child.widget) }
        func remove(_ child: Widget) { gtk_box_remove(box, child) }
        func remove(_ child: some WidgetHandle) { remove(child.widget) }
        /// Moves `child` right after `sibling` (to the front when nil).
        func reorder(_ child: Widget, after sibling: Widget?) { gtk_box_reorder_child_after(box, child, sibling) }
        /// Adds `child` right after `sibling`.
        func insert(_ child: Widget, after sibling: Widget) { gtk_box_insert_child_after(box, child, sibling) }
    }

    @MainActor
    struct Label {
        let widget: Widget
        init(_ text: String = "", classes: [String] = []) { widget = PhotoPickGtk.label(text, classes: classes) }
        init(_ widget: Widget) { self.widget = widget }
        private var label: OpaquePointer { cast(widget) }
        func setText(_ text: String) { gtk_label_set_text(label, text) }
        var text: String { String(cString: gtk_label_get_text(label)) }
        func setXAlign(_ x: Float) { gtk_label_set_xalign(label, x) }
        func setEllipsize(_ mode: PangoEllipsizeMode) { gtk_label_set_ellipsize(label, mode) }
        func setWidthChars(_ n: Int32) { gtk_label_set_width_chars(label, n) }
        func setMaxWidthChars(_ n: Int32) { gtk_label_set_max_width_chars(label, n) }
        func setWrap(_ on: Bool, mode: PangoWrapMode = PANGO_WRAP_WORD) {
            gtk_label_set_wrap(label, on ? 1 : 0)
            gtk_label_set_wrap_mode(label, mode)
        }
        func setJustify(_ justify: GtkJustification) { gtk_label_set_justify(label, justify) }
        func setSelectable(_ on: Bool) { gtk_label_set_selectable(label, on ? 1 : 0) }
        /// The text of each line as the label last laid it out.
        var lineTexts: [String] {
            guard let layout = gtk_label_get_layout(label), let cText = pango_layout_get_text(layout) else { return [] }
            let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(cText).assumingMemoryBound(to: UInt8.self), count: strlen(cText)))
            var lines: [String] = []
            for i in 0..<pango_layout_get_line_count(layout) {
                guard let line = pango_layout_get_line_readonly(layout, i) else { continue }
                let start = Int(line.pointee.start_index), end = min(bytes.count, start + Int(line.pointee.length))
                lines.append(String(decoding: bytes[start..<end], as: UTF8.self))
            }
            return lines
        }
        /// Pango attributes (the label takes its own reference).
        func setAttributes(_ attributes: OpaquePointer?) { gtk_label_set_attributes(label, attributes) }
    }

    @MainActor
    struct ScrolledWindow {
        let widget: Widget
        init() { widget = gtk_scrolled_window_new() }
        init(_ widget: Widget) { self.widget = widget }
        private var scrolled: OpaquePointer { cast(widget) }
        func setPolicy(_ horizontal: GtkPolicyType, _ vertical: GtkPolicyType) {
            gtk_scrolled_window_set_policy(scrolled, horizontal, vertical)
        }
        func setChild(_ child: Widget) { gtk_scrolled_window_set_child(scrolled, child) }
        func setChild(_ child: some WidgetHandle) { setChild(child.widget) }
        var vadjustment: Adjustment { Adjustment(gtk_scrolled_window_get_vadjustment(scrolled)) }
        var hadjustment: Adjustment { Adjustment(gtk_scrolled_window_get_hadjustment(scrolled)) }
    }

    @MainActor
    struct Overlay {
        let widget: Widget
        init() { widget = gtk_overlay_new() }
        init(_ widget: Widget) { self.widget = widget }
        private var overlay: OpaquePointer { cast(widget) }
        func setChild(_ child: Widget) { gtk_overlay_set_child(overlay, child) }
        func setChild(_ child: some WidgetHandle) { setChild(child.widget) }
        func addOverlay(_ child: Widget) { gtk_overlay_add_overlay(overlay, child) }
        func addOverlay(_ child: some WidgetHandle) { addOverlay(child.widget) }
    }

    @MainActor
    struct Image {
        let widget: Widget
        init() { widget = gtk_image_new() }
        init(iconName: String) { widget = gtk_image_new_from_icon_name(iconName) }
        init(_ widget: Widget) { self.widget = widget }
        private var image: OpaquePointer { cast(widget) }
        func setPixelSize(_ size: Int32) { gtk_image_set_pixel_size(image, size) }
        /// Shows `texture`; the image takes its own reference.
        func setPaintable(_ texture: Gdk.Texture) { gtk_image_set_from_paintable(image, texture.object) }
        func setIconName(_ name: String) { gtk_image_set_from_icon_name(image, name) }
        func clear() { gtk_image_clear(image) }
    }

    @MainActor
    struct Picture {
        let widget: Widget
        init() { widget = gtk_picture_new() }
        init(_ widget: Widget) { self.widget = widget }
        private var picture: OpaquePointer { cast(widget) }
        /// Shows `texture` (nil for nothing); the picture takes its own reference.
        func setPaintable(_ texture: Gdk.Texture?) { gtk_picture_set_paintable(picture, texture?.object) }
        func setContentFit(_ fit: GtkContentFit) { gtk_picture_set_content_fit(picture, fit) }
        func setCanShrink(_ on: Bool) { gtk_picture_set_can_shrink(picture, on ? 1 : 0) }
    }

    @MainActor
    struct Button {
        let widget: Widget
        init(label: String) { widget = gtk_button_new_with_label(label) }
        init(_ widget: Widget) { self.widget = widget }
        private var button: UnsafeMutablePointer<GtkButton> { cast(widget) }
        func setLabel(_ text: String) { gtk_button_set_label(button, text) }
        func setIconName(_ name: String) { gtk_button_set_icon_name(button, name) }
        var label: String? { gtk_button_get_label(button).map { String(cString: $0) } }
        /// Whether the label may be cut ("Hinzuf…") rather than hold its container wider (GTK
        /// 4.12; before it, never).
        func setLabelMayShrink(_ on: Bool) {
            #if GTK_4_12
            gtk_button_set_can_shrink(button, on ? 1 : 0)
            #endif
        }
    }

    @MainActor
    struct Stack {
        let widget: Widget
        init(_ widget: Widget) { self.widget = widget }
        private var stack: OpaquePointer { cast(widget) }
        func addNamed(_ child: Widget, _ name: String) { gtk_stack_add_named(stack, child, name) }
        func addNamed(_ child: some WidgetHandle, _ name: String) { addNamed(child.widget, name) }
        func setVisibleChildName(_ name: String) { gtk_stack_set_visible_child_name(stack, name) }
    }

    @MainActor
    struct Spinner {
        let widget: Widget
        init(_ widget: Widget) { self.widget = widget }
        private var spinner: OpaquePointer { cast(widget) }
        func start() { gtk_spinner_start(spinner) }
        func stop() { gtk_spinner_stop(spinner) }
    }

    @MainActor
    struct CheckButton {
        let widget: Widget
        init(_ widget: Widget) { self.widget = widget }
        func setActive(_ on: Bool) { gtk_check_button_set_active(cast(widget), on ? 1 : 0) }
    }

    /// A GtkScale (a range with a value label GTK may draw).
    @MainActor
    struct Scale {
        let widget: Widget
        init(_ widget: Widget) { self.widget = widget }
        private var range: UnsafeMutablePointer<GtkRange> { cast(widget) }
        func setDrawValue(_ on: Bool) { gtk_scale_set_draw_value(cast(widget), on ? 1 : 0) }
        func setRange(_ minimum: Double, _ maximum: Double) { gtk_range_set_range(range, minimum, maximum) }
        func setValue(_ value: Double) { gtk_range_set_value(range, value) }
    }

    /// A line between two areas (the sidebar and the grid).
    @MainActor
    struct Separator {
        let widget: Widget
        init(_ orientation: GtkOrientation) { widget = gtk_separator_new(orientation) }
    }

    /// A container placing children at fixed positions.
    @MainActor
    struct Fixed {
        let widget: Widget
        init(_ widget: Widget) { self.widget = widget }
        private var fixed: UnsafeMutablePointer<GtkFixed> { cast(widget) }
        func put(_ child: Widget, x: Double, y: Double) { gtk_fixed_put(fixed, child, x, y) }
        func put(_ child: some WidgetHandle, x: Double, y: Double) { put(child.widget, x: x, y: y) }
        func move(_ child: Widget, x: Double, y: Double) { gtk_fixed_move(fixed, child, x, y) }
    }

    /// The narrowest width and the lowest height `widget` asks for (each for any size of the other).
    @MainActor
    static func minimumSize(of widget: Widget) -> (width: Int, height: Int) {
        var width: Int32 = 0, height: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &width, nil, nil, nil)
        gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, -1, &height, nil, nil, nil)
        return (Int(width), Int(height))
    }

    /// The container `widget` is in, if any.
    @MainActor
    static func parent(of widget: Widget) -> Widget? { gtk_widget_get_parent(widget) }

    /// Whether `widget` is a text entry of some kind (implements GtkEditable).
    @MainActor
    static func isEditable(_ widget: Widget) -> Bool {
        g_type_check_instance_is_a(raw(widget).assumingMemoryBound(to: GTypeInstance.self), gtk_editable_get_type()) != 0
    }
}
