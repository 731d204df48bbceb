// libvips, for the export worker only (PhotoPickConvert): the picker and the thumbnail
// workers never load it and its hundred libraries.
#ifndef PHOTOPICK_CVIPS_SHIM_H
#define PHOTOPICK_CVIPS_SHIM_H

#include <vips/vips.h>
#include <malloc.h>
#include <string.h>
#include <stdint.h>
#include <sys/mman.h>
#include <errno.h>
#include <unistd.h>

/// After each export: libvips' per-thread buffers freed and the heap's free pages handed back,
/// so a worker that has exported 200 photos holds what one that exported one does.
static inline void pp_release_memory(int vips_started) {
    if (vips_started) vips_thread_shutdown();
    malloc_trim(0);
}

/// Before the first export: glibc serves a large block (a decoded image's buffers) from the
/// heap once a freed mapping has raised its dynamic mmap threshold, and a long export's heap
/// then only grows; with the threshold fixed, every large block is mapped and unmapped on
/// its own. Two arenas, not eight per core, for libvips' few threads.
static inline void pp_bound_malloc(void) {
    mallopt(M_MMAP_THRESHOLD, 4 * 1024 * 1024);
    mallopt(M_ARENA_MAX, 2);
}

/// Opens a libvips module (`vips-heif.so`) for good: its loaders register themselves as it
/// loads, as vips_init's own module search does it. 0 when it cannot be opened.
static inline int pp_vips_load_module(const char *path) {
    return g_module_open(path, G_MODULE_BIND_LAZY) != NULL;
}

// glibc's dladdr and Dl_info are declared only under _GNU_SOURCE, which the Glibc module
// Swift shares is not built with: the same struct (glibc's ABI) and the same symbol, here.
typedef struct { const char *fname; void *base; const char *symbol; void *address; } pp_dl_info;
extern int pp_dladdr(const void *address, pp_dl_info *info) __asm__("dladdr");

/// The file libvips was loaded from, as the dynamic loader names it (dladdr on one of its
/// functions), or NULL.
static inline const char *pp_vips_library_file(void) {
    pp_dl_info info;
    if (pp_dladdr((const void *)vips_init, &info) == 0 || info.fname == NULL) return NULL;
    return info.fname;
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

/// Whether one of libvips' loaders takes `path` at all (one that takes it and then fails
/// is another matter); its error, if any, is cleared.
static inline int pp_vips_has_loader(const char *path) {
    int found = vips_foreign_find_load(path) != NULL;
    vips_error_clear();
    return found;
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

/// The same for a JPEG decoded at 1/`shrink` of its size by libjpeg's DCT scaling (2, 4 or 8),
/// which vips_thumbnail in 8.14 does only when the scale leaves a factor of 2 or more to
/// resize (a 24 MP photo to 2048 px decodes whole there: 24 MP of pixels instead of 6).
static inline int pp_vips_thumbnail_jpeg(const char *path, int shrink, VipsImage **out, int width, int height,
                                         const char *export_profile) {
    VipsImage *in = NULL;
    if (vips_jpegload(path, &in, "shrink", shrink, "access", VIPS_ACCESS_SEQUENTIAL,
                      "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL))
        return -1;
    int result = export_profile
        ? vips_thumbnail_image(in, out, width, "height", height, "size", VIPS_SIZE_DOWN, "export_profile", export_profile, NULL)
        : vips_thumbnail_image(in, out, width, "height", height, "size", VIPS_SIZE_DOWN, NULL);
    g_object_unref(in);
    return result;
}

/// The same for an image already decoded (HEIFDecoding's fallback).
static inline int pp_vips_thumbnail_image(VipsImage *in, VipsImage **out, int width, int height, const char *export_profile) {
    return export_profile
        ? vips_thumbnail_image(in, out, width, "height", height, "size", VIPS_SIZE_DOWN, "export_profile", export_profile, NULL)
        : vips_thumbnail_image(in, out, width, "height", height, "size", VIPS_SIZE_DOWN, NULL);
}

/// A camera RAW's embedded JPEG preview, in memory (the caller keeps it alive until the image
/// is done with): its header only, for the profile and the size.
static inline VipsImage *pp_vips_header_jpeg_buffer(const void *data, size_t length) {
    return vips_image_new_from_buffer(data, length, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}

/// The same preview shrunk on load and resized as `pp_vips_thumbnail` does a file, but not
/// turned: its orientation is the RAW's, which the caller sets and applies (`pp_vips_autorot`).
static inline int pp_vips_thumbnail_jpeg_buffer(const void *data, size_t length, VipsImage **out, int width, int height,
                                                const char *export_profile) {
    return export_profile
        ? vips_thumbnail_buffer((void *) data, length, out, width, "height", height, "size", VIPS_SIZE_DOWN,
                                "no_rotate", TRUE, "export_profile", export_profile, "option_string", "fail_on=truncated", NULL)
        : vips_thumbnail_buffer((void *) data, length, out, width, "height", height, "size", VIPS_SIZE_DOWN,
                                "no_rotate", TRUE, "option_string", "fail_on=truncated", NULL);
}

/// `in` turned upright by its "orientation" field (which it then no longer has).
static inline int pp_vips_autorot(VipsImage *in, VipsImage **out) {
    return vips_autorot(in, out, NULL);
}

/// One large buffer (a JPEG read whole, a photo decoded by TurboJPEG) mapped on its own, in
/// 2 MiB huge pages where the kernel's transparent huge pages allow it (`madvise` or `always`),
/// and unmapped whole when freed. Measured: a 12 MP export's read and 5/8 decode took ~4,500
/// page faults in 4 KiB pages and ~480 this way, 6 ms less CPU a photo. `start` is the
/// buffer's 2 MiB-aligned first byte (NULL when nothing could be mapped).
typedef struct { void *start; void *base; size_t length; } pp_big_buffer;

static inline pp_big_buffer pp_big_buffer_new(size_t size) {
    const size_t huge = (size_t) 2 << 20;
    pp_big_buffer buffer = { NULL, NULL, 0 };
    if (size == 0 || size > SIZE_MAX - 2 * huge) return buffer;
    size_t length = (size + huge - 1) / huge * huge + huge;  // room to align the start
    void *base = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED) return buffer;
    buffer.base = base;
    buffer.length = length;
    buffer.start = (void *) (((uintptr_t) base + huge - 1) & ~(uintptr_t) (huge - 1));
    madvise(buffer.start, size, MADV_HUGEPAGE);  // a hint: without huge pages it is plain memory
    return buffer;
}

static inline void pp_big_buffer_free(pp_big_buffer buffer) {
    if (buffer.base) munmap(buffer.base, buffer.length);
}

/// Pixels decoded into `buffer` (8 bits a sample) as a libvips image that owns the buffer: it
/// is unmapped when the image closes. NULL (buffer freed) on failure.
static inline void pp_vips_free_buffer(VipsImage *image, pp_big_buffer *buffer) {
    (void) image;
    pp_big_buffer_free(*buffer);
    g_free(buffer);
}
static inline VipsImage *pp_vips_image_owning(pp_big_buffer buffer, size_t size, int width, int height, int bands) {
    VipsImage *image = vips_image_new_from_memory(buffer.start, size, width, height, bands, VIPS_FORMAT_UCHAR);
    if (!image) { pp_big_buffer_free(buffer); return NULL; }
    pp_big_buffer *owned = g_new(pp_big_buffer, 1);
    *owned = buffer;
    g_signal_connect(image, "postclose", G_CALLBACK(pp_vips_free_buffer), owned);
    return image;
}

/// Every metadata field of `from` (EXIF, XMP, IPTC, ICC profile, orientation, the loader's
/// notes) set on `to`, and its resolution: what the loader would have attached to the pixels.
/// The header's own fields (size, bands, format…) stay `to`'s.
static inline void *pp_vips_copy_field(VipsImage *from, const char *name, GValue *value, void *to) {
    static const char *const own[] = { "width", "height", "bands", "format", "coding", "interpretation",
                                       "xoffset", "yoffset", "xres", "yres", "filename", "mode", "kill", NULL };
    (void) from;
    for (int i = 0; own[i]; i++)
        if (strcmp(name, own[i]) == 0) return NULL;
    vips_image_set((VipsImage *) to, name, value);
    return NULL;
}
static inline void pp_vips_copy_metadata(VipsImage *from, VipsImage *to) {
    vips_image_map(from, pp_vips_copy_field, to);
    to->Xres = from->Xres;
    to->Yres = from->Yres;
}

/// `in` scaled by `scale` (< 1) with a Lanczos-2 kernel (JPEGScaledLoad: the short way left
/// after a DCT-scaled decode; libvips' thumbnail then only converts and turns it).
static inline int pp_vips_reduce_lanczos2(VipsImage *in, VipsImage **out, double scale) {
    return vips_resize(in, out, scale, "kernel", VIPS_KERNEL_LANCZOS2, NULL);
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

/// What the writes of one save met: the descriptor and the first write's errno, kept here
/// because libvips words a failed write its own way ("Unknown error -1" in 8.16) and errno
/// is long overwritten by the time the save returns.
typedef struct { int fd; int error; } PPDescriptorWrites;

static inline gint64 pp_vips_write_descriptor(VipsTargetCustom *target, const void *data, gint64 length,
                                              PPDescriptorWrites *writes) {
    (void) target;
    for (;;) {
        ssize_t written = write(writes->fd, data, (size_t) length);
        if (written >= 0) return written;
        if (errno == EINTR) continue;
        if (!writes->error) writes->error = errno;
        return -1;
    }
}

/// Encodes `image` into `fd`: format 0 JPEG, 1 PNG, 2 WebP; `strip` drops every metadata block.
/// On failure `*write_error` is the errno a write met (0 when the failure was not a write).
static inline int pp_vips_save_fd(VipsImage *image, int fd, int format, int quality, int strip, int *write_error) {
    PPDescriptorWrites writes = { fd, 0 };
    VipsTargetCustom *target = vips_target_custom_new();
    if (!target) return -1;
    g_signal_connect(target, "write", G_CALLBACK(pp_vips_write_descriptor), &writes);
    int result;
    switch (format) {
    case 0: result = vips_jpegsave_target(image, VIPS_TARGET(target), "Q", quality, "strip", strip, NULL); break;
    case 1: result = vips_pngsave_target(image, VIPS_TARGET(target), "strip", strip, NULL); break;
    default: result = vips_webpsave_target(image, VIPS_TARGET(target), "Q", quality, "strip", strip, NULL); break;
    }
    g_object_unref(target);
    *write_error = writes.error;
    return result;
}

#endif
