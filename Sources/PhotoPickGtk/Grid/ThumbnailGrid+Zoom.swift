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
        let scroll = Gtk.ScrollController(on: scrolled, phase: GTK_PHASE_CAPTURE)
        scroll.onScroll { [unowned self] _, dy in
            guard scroll.modifiers.control else { return false }
            // Touchpads send fractions: step once a whole notch has added up.
            self.zoomScroll += dy
            if abs(self.zoomScroll) >= 1 {
                self.zoom(by: self.zoomScroll < 0 ? 1 : -1)
                self.zoomScroll = 0
            }
            return true
        }
    }
}
