// GIO alone, for the portal backend: GDBus, GSubprocess, GKeyFile, desktop entries.
// No GTK: the backend never opens a window, photopick does.
#ifndef PHOTOPICK_CGIO_SHIM_H
#define PHOTOPICK_CGIO_SHIM_H

#include <gio/gio.h>
#include <gio/gdesktopappinfo.h>
#include <glib-unix.h>
#include <signal.h>

#endif
