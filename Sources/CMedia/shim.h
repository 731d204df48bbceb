// Headless media libraries: gdk-pixbuf (decode), GIO (content types), gexiv2 (EXIF/XMP), libheif.
#ifndef PHOTOPICK_CMEDIA_SHIM_H
#define PHOTOPICK_CMEDIA_SHIM_H

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gio/gio.h>
#include <gexiv2/gexiv2.h>
#include <libheif/heif.h>

#endif
