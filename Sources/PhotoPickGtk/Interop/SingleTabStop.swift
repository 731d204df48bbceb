import CGtk

/// Makes everything inside `scroller` one Tab stop: Tab and Shift+Tab leave it at once, past
/// its other focusable children, while the arrow keys still move between them.
///
/// GTK 4.8's list views (and a box of focusable items) put every row in the Tab chain;
/// `gtk_list_view_set_tab_behavior` is 4.12. GtkScrolledWindow's "move-focus-out" (its
/// Ctrl+Tab) moves the focus to the next widget after the scrolled window, so Tab does that.
@MainActor
func makeSingleTabStop(_ scroller: Widget) {
    let keys = gtk_event_controller_key_new()!
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
    onKeyPressed(keys) { key in
        guard !key.control, !key.alt else { return false }
        switch Int32(key.keyval) {
        case GDK_KEY_Tab, GDK_KEY_KP_Tab:
            pp_scrolled_window_move_focus_out(scroller, key.shift ? GTK_DIR_TAB_BACKWARD : GTK_DIR_TAB_FORWARD)
        case GDK_KEY_ISO_Left_Tab:
            pp_scrolled_window_move_focus_out(scroller, GTK_DIR_TAB_BACKWARD)
        default:
            return false
        }
        return true
    }
    gtk_widget_add_controller(scroller, keys)
}
