import PhotoPickSystem

/// With `PHOTOPICK_TRACE=1`, marks each key press, mouse button's release and wheel step, in any of
/// the picker's windows and menus, once the picker has handled it and the main window has
/// painted a frame after it (`input-handled key 7`, `input-handled click 3`: the running count
/// of each). A GUI test sends the next key when this line for the last one is there, not
/// after a guessed pause, however busy the machine is.
@MainActor
enum InputTrace {
    private static var keys = 0
    private static var clicks = 0
    private static var scrolls = 0
    private static var installed = false

    static func install(on window: Gtk.Window) {
        guard Trace.isEnabled, !installed else { return }
        installed = true
        Gtk.watchInput { input in
            // The hook runs before GTK hands the event on; the frame after that shows what
            // the widgets did, and what they queued for the next main-loop turn is done too.
            afterNextFrame(of: window.widget) {
                switch input {
                case .key:
                    keys += 1
                    Trace.mark("input-handled key \(keys)")
                case .buttonRelease:
                    clicks += 1
                    Trace.mark("input-handled click \(clicks)")
                case .scroll:
                    scrolls += 1
                    Trace.mark("input-handled scroll \(scrolls)")
                }
            }
        }
    }
}
