// Headless media libraries: gdk-pixbuf (decode), GIO (content types), gexiv2 (EXIF/XMP), libheif,
// libvips (exports); and posix_spawn, for thumbnailers.
#ifndef PHOTOPICK_CMEDIA_SHIM_H
#define PHOTOPICK_CMEDIA_SHIM_H

// GdkPixbufFormat's fields (the loaders' signatures, for PixbufSignature) are backend API.
#define GDK_PIXBUF_ENABLE_BACKEND
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gio/gio.h>
#include <gexiv2/gexiv2.h>
#include <libheif/heif.h>
#include <spawn.h>
#include <vips/vips.h>
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

// libvips' operations take their optional arguments as NULL-terminated varargs, which Swift
// cannot call: one fixed-argument wrapper per call the export worker makes.

// Files go in through descriptors the worker opened itself, named /proc/self/fd/N: a file
// name given to libvips is parsed for "[options]" suffixes, and any byte name must work.
// (Not a VipsSource: 8.14's thumbnail_source does not pass fail_on to the loader.)

/// The header only (no pixels decoded), for the size check and the loader's name.
static inline VipsImage *pp_vips_header(const char *path) {
    return vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}

/// The loader that read `image` ("jpegload_source"), or NULL.
static inline const char *pp_vips_loader(VipsImage *image) {
    const char *name = NULL;
    if (vips_image_get_typeof(image, "vips-loader") && vips_image_get_string(image, "vips-loader", &name) == 0)
        return name;
    return NULL;
}

static inline int pp_vips_has_profile(VipsImage *image) {
    return vips_image_get_typeof(image, VIPS_META_ICC_NAME) != 0;
}

/// Shrink-on-load, orientation applied, never enlarged; an embedded profile converted to
/// `export_profile` when one is given (without it libvips keeps the pixels and the profile).
/// Truncated or broken data fails rather than coming out grey.
static inline int pp_vips_thumbnail(const char *path, VipsImage **out, int width, int height, const char *export_profile) {
    return export_profile
        ? vips_thumbnail(path, out, width, "height", height, "size", VIPS_SIZE_DOWN,
                         "export_profile", export_profile, "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL)
        : vips_thumbnail(path, out, width, "height", height, "size", VIPS_SIZE_DOWN,
                         "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
}

/// The same for an image already decoded (HEIFDecoding's fallback).
static inline int pp_vips_thumbnail_image(VipsImage *in, VipsImage **out, int width, int height, const char *export_profile) {
    return export_profile
        ? vips_thumbnail_image(in, out, width, "height", height, "size", VIPS_SIZE_DOWN, "export_profile", export_profile, NULL)
        : vips_thumbnail_image(in, out, width, "height", height, "size", VIPS_SIZE_DOWN, NULL);
}

/// Transparent pixels over white, for JPEG (which has no alpha).
static inline int pp_vips_flatten_white(VipsImage *in, VipsImage **out) {
    double white[3] = {255, 255, 255};
    VipsArrayDouble *background = vips_array_double_new(white, 3);
    int result = vips_flatten(in, out, "background", background, NULL);
    vips_area_unref(VIPS_AREA(background));
    return result;
}

static inline int pp_vips_resize(VipsImage *in, VipsImage **out, double scale) {
    return vips_resize(in, out, scale, NULL);
}

/// Encodes `image` into `fd`: format 0 JPEG, 1 PNG, 2 WebP; `strip` drops every metadata block.
static inline int pp_vips_save_fd(VipsImage *image, int fd, int format, int quality, int strip) {
    VipsTarget *target = vips_target_new_to_descriptor(fd);
    if (!target) return -1;
    int result;
    switch (format) {
    case 0: result = vips_jpegsave_target(image, target, "Q", quality, "strip", strip, "optimize_coding", TRUE, NULL); break;
    case 1: result = vips_pngsave_target(image, target, "strip", strip, NULL); break;
    default: result = vips_webpsave_target(image, target, "Q", quality, "strip", strip, NULL); break;
    }
    g_object_unref(target);
    return result;
}

#endif
