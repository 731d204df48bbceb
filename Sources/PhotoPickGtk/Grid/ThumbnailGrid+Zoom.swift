import CGtk

/// The tile size: the slider, Ctrl+plus/minus/0 and Ctrl+scroll set the size asked for;
/// `reflow` turns it into columns that fill the width.
extension ThumbnailGrid {
    /// Sets the tile size asked for (the slider, Ctrl+plus/minus/0).
    func setTarget(_ size: Int) {
        let size = min(max(GridMetrics.minTarget, size), GridMetrics.maxTarget)
        guard size != target else { return }
        target = size
        reflow(width: width)
        onZoomChange(size)
    }

    func zoom(by direction: Int) { setTarget(GridMetrics.zoom(target, by: direction)) }

    /// Ctrl+scroll zooms; plain scrolling scrolls.
    func installZoomScroll() {
        let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!
        gtk_event_controller_set_propagation_phase(scroll, GTK_PHASE_CAPTURE)
        onScrollSignal(scroll) { [unowned self] _, dy in
            let state = gtk_event_controller_get_current_event_state(scroll)
            guard state.rawValue & GDK_CONTROL_MASK.rawValue != 0 else { return false }
            // Touchpads send fractions: step once a whole notch has added up.
            self.zoomScroll += dy
            if abs(self.zoomScroll) >= 1 {
                self.zoom(by: self.zoomScroll < 0 ? 1 : -1)
                self.zoomScroll = 0
            }
            return true
        }
        gtk_widget_add_controller(scrolled, scroll)
    }
}
