extension Gtk.MediaFile {
    /// Stops the pipeline now, not when GTK drops the picture: the player's signal handlers
    /// off first (no callback into a player being torn down), then paused, cleared, and the
    /// picture emptied. The video and the Live Photo players both end this way.
    func release(_ handlers: inout [SignalConnection], showingIn picture: Gtk.Picture) {
        handlers.forEach { $0.disconnect() }
        handlers = []
        pause()
        clear()
        picture.setPaintable(nil)
    }
}
