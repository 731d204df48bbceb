import CGtk
import PhotoPickSystem

/// Traces the size GTK lays the window out at and the size of its surface on the screen
/// ("window-size 350x690 in 360x700": the difference is the CSD's resize margins) each time
/// either changes. When the surface is narrower than GTK's minimum (with no window manager
/// nothing stops it) the layout is wider and the screen clips it, which X's geometry alone
/// cannot tell: the tests read this line to hold the window to 360 px (GnomeConventionsTests).
@MainActor
enum WindowSizeTrace {
    /// `content` inside a pass-through container that reports `window`'s sizes whenever the
    /// content is allocated (the same tree with tracing off, where nothing is written).
    static func wrap(_ content: some WidgetHandle, of window: Gtk.Window) -> Gtk.Box {
        let box = Gtk.Box(GTK_ORIENTATION_VERTICAL)
        box.append(content)
        var last = ""
        reportAllocations(of: box.widget) { _, _ in
            guard Trace.isEnabled, let surface = window.surfaceSize else { return }
            let line = "window-size \(window.width)x\(window.height)"
                + " in \(surface.width)x\(surface.height)"
            guard line != last else { return }
            last = line
            Trace.mark(line)
        }
        return box
    }
}
