// The few GTK/GLib macros and private hooks Swift cannot import, as plain functions.
#ifndef PHOTOPICK_CGTK_SHIM_H
#define PHOTOPICK_CGTK_SHIM_H

#include <gtk/gtk.h>
#include <glib-unix.h>

// libdispatch's main-queue hooks, so the GLib loop can drain Swift's main queue.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

static inline GType pp_type_string(void) { return G_TYPE_STRING; }
static inline GType pp_type_object(void) { return G_TYPE_OBJECT; }

static inline gboolean pp_is_string_object(gpointer p) {
    return p != NULL && G_TYPE_CHECK_INSTANCE_TYPE(p, GTK_TYPE_STRING_OBJECT);
}

#endif
