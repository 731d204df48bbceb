// Making the picker's window belong to another program's window: X11 (a foreign XID) and
// Wayland (a handle exported through xdg-foreign). Kept out of shim.h so that Xlib's names
// (Window, Display, Atom, None, True…) are visible only where `import CGtk.Parenting` asks.
#ifndef PHOTOPICK_CGTK_PARENTING_H
#define PHOTOPICK_CGTK_PARENTING_H

#include <gtk/gtk.h>
#include <gdk/x11/gdkx.h>
#include <gdk/wayland/gdkwayland.h>
#include <X11/Xatom.h>

typedef enum {
    PP_PARENT_SET = 0,
    /// The window has no surface yet (not realized).
    PP_PARENT_NO_SURFACE,
    /// An x11: parent on a display that is not X11 (or wayland: on one that is not Wayland).
    PP_PARENT_OTHER_DISPLAY,
    /// The X server knows no such window.
    PP_PARENT_NO_SUCH_WINDOW,
    /// The compositor offers no xdg-foreign, or GDK refused the handle.
    PP_PARENT_REFUSED,
} pp_parent_result;

static inline GdkSurface *pp_window_surface(GtkWidget *window) {
    return gtk_native_get_surface(GTK_NATIVE(window));
}

/// Makes the realized, unmapped `window` transient for the X11 window `parent` and marks it a
/// dialog (window managers keep it above its parent and centre it there; with
/// `gtk_window_set_modal` they also keep the parent from input).
static inline pp_parent_result pp_set_x11_parent(GtkWidget *window, unsigned long parent) {
    GdkSurface *surface = pp_window_surface(window);
    if (surface == NULL) return PP_PARENT_NO_SURFACE;
    GdkDisplay *display = gdk_surface_get_display(surface);
    if (!GDK_IS_X11_DISPLAY(display)) return PP_PARENT_OTHER_DISPLAY;
    Display *xdisplay = gdk_x11_display_get_xdisplay(display);
    Window own = gdk_x11_surface_get_xid(surface);

    XWindowAttributes attributes;
    gdk_x11_display_error_trap_push(display);
    Status found = XGetWindowAttributes(xdisplay, (Window)parent, &attributes);
    if (gdk_x11_display_error_trap_pop(display) != 0 || found == 0) return PP_PARENT_NO_SUCH_WINDOW;

    gdk_x11_display_error_trap_push(display);
    XSetTransientForHint(xdisplay, own, (Window)parent);
    Atom dialog = gdk_x11_get_xatom_by_name_for_display(display, "_NET_WM_WINDOW_TYPE_DIALOG");
    XChangeProperty(xdisplay, own, gdk_x11_get_xatom_by_name_for_display(display, "_NET_WM_WINDOW_TYPE"),
                    XA_ATOM, 32, PropModeReplace, (const unsigned char *)&dialog, 1);
    if (gdk_x11_display_error_trap_pop(display) != 0) return PP_PARENT_NO_SUCH_WINDOW;
    return PP_PARENT_SET;
}

/// Makes the realized `window` transient for the Wayland toplevel exported as `handle`.
static inline pp_parent_result pp_set_wayland_parent(GtkWidget *window, const char *handle) {
    GdkSurface *surface = pp_window_surface(window);
    if (surface == NULL) return PP_PARENT_NO_SURFACE;
    if (!GDK_IS_WAYLAND_DISPLAY(gdk_surface_get_display(surface)) || !GDK_IS_WAYLAND_TOPLEVEL(surface))
        return PP_PARENT_OTHER_DISPLAY;
    return gdk_wayland_toplevel_set_transient_for_exported(GDK_TOPLEVEL(surface), handle)
        ? PP_PARENT_SET : PP_PARENT_REFUSED;
}

#endif
