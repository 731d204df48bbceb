import CGtk
import CGtk.Parenting
import PhotoPickCore

/// The caller's window as the picker's parent (`--parent-window`, a request's
/// `parent_window`, kdialog's and zenity's `--attach`): the picker's window is made transient
/// for it, so the window manager keeps it above that window, and modal when asked.
@MainActor
enum WindowParenting {
    /// Before GTK opens its display. A window can only belong to one on the same display: an
    /// `x11:` parent makes the picker prefer X11 (XWayland, on a Wayland desktop), a `wayland:`
    /// one Wayland, as xdg-desktop-portal-gtk does. `GDK_BACKEND`, when set, still decides.
    static func preferBackend(for parent: ParentWindow?) {
        switch parent {
        case .x11?: gdk_set_allowed_backends("x11,*")
        case .wayland?: gdk_set_allowed_backends("wayland,*")
        case nil: break
        }
    }

    /// Realizes `window` and makes it transient for `parent` (and modal, if asked) before it
    /// is first shown. Returns why that could not be done; the window then opens on its own.
    static func attach(_ window: Widget, to parent: ParentWindow, modal: Bool) -> String? {
        gtk_widget_realize(window)
        let result: pp_parent_result
        switch parent {
        case .x11(let xid): result = pp_set_x11_parent(window, UInt(xid))
        case .wayland(let handle): result = pp_set_wayland_parent(window, handle)
        }
        let display: String
        switch parent {
        case .x11: display = tr("an X11")
        case .wayland: display = tr("a Wayland")
        }
        switch result {
        case PP_PARENT_SET:
            // GDK adds _NET_WM_STATE_MODAL as the window is mapped; with the transient hint the
            // window manager applies it to the caller's window.
            if modal { gtk_window_set_modal(cast(window), 1) }
            return nil
        case PP_PARENT_OTHER_DISPLAY:
            return tr("parent window %1$s: the picker is not on %2$s display; it opens without a parent", "\(parent)", display)
        case PP_PARENT_NO_SUCH_WINDOW:
            return tr("parent window %s: the X server has no such window; the picker opens without a parent", "\(parent)")
        case PP_PARENT_REFUSED:
            return tr("parent window %s: the compositor did not take the handle (xdg-foreign); the picker opens without a parent", "\(parent)")
        default:
            return tr("parent window %s: the window could not be realized; it opens without a parent", "\(parent)")
        }
    }
}
