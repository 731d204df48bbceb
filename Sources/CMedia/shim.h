// Headless media libraries: gdk-pixbuf (decode), libjpeg-turbo's TurboJPEG API (JPEG thumbnails
// at DCT scale), GIO (content types), gexiv2 (EXIF/XMP), libheif;
// and posix_spawn, for thumbnailers.
#ifndef PHOTOPICK_CMEDIA_SHIM_H
#define PHOTOPICK_CMEDIA_SHIM_H

// GdkPixbufFormat's fields (the loaders' signatures, for PixbufSignature) are backend API.
#define GDK_PIXBUF_ENABLE_BACKEND
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gio/gio.h>
#include <gexiv2/gexiv2.h>
#include <libheif/heif.h>
#include <turbojpeg.h>
#include <spawn.h>
#include <sys/syscall.h>
#include <unistd.h>

// A video export is a copy: copy_file_range(2) (in the kernel, a reflink where the file
// system can). glibc declares it only under _GNU_SOURCE; the system call needs nothing.
static inline long pp_copy_file_range(int in, int out, size_t length) {
    return syscall(SYS_copy_file_range, in, NULL, out, NULL, length, 0u);
}

// Thumbnailers are started with posix_spawn; Swift's Glibc module does not show this GNU
// extension, which keeps the picker's own descriptors out of them.
static inline int pp_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

#endif
