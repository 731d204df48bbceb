#if ADW_1_4
import CGtk

extension Adw {
    /// A sidebar beside the content, or over it while collapsed (libadwaita 1.4; AdwFlap's
    /// successor). Collapsing is the caller's: a breakpoint, as `CollapsingBin` sets.
    @MainActor
    struct OverlaySplitView {
        let widget: Widget
        init() { widget = adw_overlay_split_view_new() }
        private var view: OpaquePointer { cast(widget) }
        func setSidebar(_ child: Widget) { adw_overlay_split_view_set_sidebar(view, child) }
        func setSidebar(_ child: some WidgetHandle) { setSidebar(child.widget) }
        func setContent(_ child: Widget) { adw_overlay_split_view_set_content(view, child) }
        func setContent(_ child: some WidgetHandle) { setContent(child.widget) }
        /// The sidebar exactly `pixels` wide, beside the content or over it.
        func setSidebarWidth(pixels: Double) {
            adw_overlay_split_view_set_sidebar_width_unit(view, ADW_LENGTH_UNIT_PX)
            adw_overlay_split_view_set_min_sidebar_width(view, pixels)
            adw_overlay_split_view_set_max_sidebar_width(view, pixels)
        }
        var isCollapsed: Bool { adw_overlay_split_view_get_collapsed(view) != 0 }
        var showsSidebar: Bool { adw_overlay_split_view_get_show_sidebar(view) != 0 }
        func setShowsSidebar(_ on: Bool) { adw_overlay_split_view_set_show_sidebar(view, on ? 1 : 0) }
    }

    /// An AdwBreakpointBin (libadwaita 1.4) around `child`, with one breakpoint that collapses
    /// `view` (inside `child`) while the bin is narrower than `setCollapseBelow`'s width. The
    /// bin asks for its minimum size only, never its child's: that is how a window may become
    /// narrower than the docked layout, which then collapses instead of overflowing.
    @MainActor
    struct CollapsingBin {
        let widget: Widget
        private let breakpoint: OpaquePointer

        init(child: Widget, collapsing view: OverlaySplitView) {
            widget = adw_breakpoint_bin_new()
            adw_breakpoint_bin_set_child(cast(widget), child)
            // Never met until setCollapseBelow names the width.
            breakpoint = adw_breakpoint_new(adw_breakpoint_condition_new_length(ADW_BREAKPOINT_CONDITION_MAX_WIDTH, -1,
                                                                                ADW_LENGTH_UNIT_PX))  // takes the condition
            var collapsed = GValue()
            g_value_init(&collapsed, pp_type_boolean())
            g_value_set_boolean(&collapsed, 1)
            adw_breakpoint_add_setter(breakpoint, raw(view.widget).assumingMemoryBound(to: GObject.self), "collapsed", &collapsed)
            g_value_unset(&collapsed)
            adw_breakpoint_bin_add_breakpoint(cast(widget), breakpoint)  // takes the breakpoint; the bin keeps it
        }

        /// Collapses while the bin is narrower than `width` pixels.
        func setCollapseBelow(_ width: Int) {
            let condition = adw_breakpoint_condition_new_length(ADW_BREAKPOINT_CONDITION_MAX_WIDTH, Double(width - 1),
                                                                ADW_LENGTH_UNIT_PX)
            adw_breakpoint_set_condition(breakpoint, condition)  // copies it
            adw_breakpoint_condition_free(condition)
        }

        /// The size the bin asks for (a breakpoint bin needs its width-request and height-request).
        var minimumSize: (width: Int, height: Int) {
            get {
                var width: Int32 = 0, height: Int32 = 0
                gtk_widget_get_size_request(widget, &width, &height)
                return (Int(width), Int(height))
            }
            nonmutating set { gtk_widget_set_size_request(widget, Int32(newValue.width), Int32(newValue.height)) }
        }
    }
}
#endif
