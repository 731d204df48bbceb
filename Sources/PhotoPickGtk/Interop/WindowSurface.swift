import CGtk

extension Gtk.Window {
    /// The size of the window's surface as GDK last heard it from the display server: what
    /// the screen shows of the window, CSD margins included (nil before it is realized).
    var surfaceSize: (width: Int32, height: Int32)? {
        guard let surface = gtk_native_get_surface(cast(widget)) else { return nil }
        return (gdk_surface_get_width(surface), gdk_surface_get_height(surface))
    }
}
