import CGtk

extension Gtk {
    /// Where a widget is on its window's surface, in whole pixels: the coordinates X and
    /// xdotool's `--window` use (a client-side-decorated window's shadow included).
    struct ScreenPlace: Equatable {
        let x: Int, y: Int, width: Int, height: Int
    }

    /// `widget`'s place on the surface of the window it is in, or nil when it is not on screen
    /// (not mapped, or GTK cannot place it) or not settled there: a stack above it is in the
    /// middle of a transition, when both pages are mapped and one covers the other.
    @MainActor
    static func screenPlace(of widget: Widget) -> ScreenPlace? {
        guard gtk_widget_get_mapped(widget) != 0, let native = gtk_widget_get_native(widget) else { return nil }
        var ancestor = gtk_widget_get_parent(widget)
        while let current = ancestor {
            if g_type_check_instance_is_a(UnsafeMutableRawPointer(current).assumingMemoryBound(to: GTypeInstance.self), gtk_stack_get_type()) != 0,
               gtk_stack_get_transition_running(OpaquePointer(current)) != 0 {
                return nil
            }
            ancestor = gtk_widget_get_parent(current)
        }
        let top = PhotoPickGtk.widget(native)
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, top, &bounds) != 0 else { return nil }
        var dx = 0.0, dy = 0.0
        gtk_native_get_surface_transform(native, &dx, &dy)
        return ScreenPlace(x: Int((Double(bounds.origin.x) + dx).rounded()), y: Int((Double(bounds.origin.y) + dy).rounded()),
                           width: Int(Double(bounds.size.width).rounded()), height: Int(Double(bounds.size.height).rounded()))
    }

    /// Runs `paint` after every frame `widget`'s window paints, from when it is realized on.
    @MainActor
    static func afterEveryFrame(of widget: Widget, _ paint: @escaping Action) {
        let connect: Action = { Gtk.AnyWidget(widget).frameClock?.on("after-paint", paint) }
        if gtk_widget_get_realized(widget) != 0 { connect() } else { onSignal(raw(widget), "realize", connect) }
    }

    /// Runs `gone` when `widget` is destroyed.
    @MainActor
    static func onDestroy(of widget: Widget, _ gone: @escaping Action) { onSignal(raw(widget), "destroy", gone) }

    /// The widgets at or below `root` with the style class `name`, depth first (not below one
    /// that has it).
    @MainActor
    static func descendants(of root: Widget, withClass name: String) -> [Widget] {
        if gtk_widget_has_css_class(root, name) != 0 { return [root] }
        var found: [Widget] = []
        var child = gtk_widget_get_first_child(root)
        while let current = child {
            found += descendants(of: current, withClass: name)
            child = gtk_widget_get_next_sibling(current)
        }
        return found
    }

    /// The same, as handles.
    @MainActor
    static func descendants(of root: some WidgetHandle, withClass name: String) -> [AnyWidget] {
        descendants(of: root.widget, withClass: name).map(AnyWidget.init)
    }
}
