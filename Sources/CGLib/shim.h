// GLib alone (no GObject, no GIO), for PhotoPickGLib: what the GTK front, the portal backend
// and the thumbnailer registry share (the closure box GLib carries, GKeyFile).
#ifndef PHOTOPICK_CGLIB_SHIM_H
#define PHOTOPICK_CGLIB_SHIM_H

#include <glib.h>

#endif
