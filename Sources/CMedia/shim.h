// Headless media libraries: gdk-pixbuf (decode), libjpeg-turbo's TurboJPEG API (JPEG thumbnails
// at DCT scale), GIO (content types), gexiv2 (EXIF/XMP), libheif, libdeflate and zlib (thumbnail PNGs).
#ifndef PHOTOPICK_CMEDIA_SHIM_H
#define PHOTOPICK_CMEDIA_SHIM_H

// GdkPixbufFormat's fields (the loaders' signatures, for PixbufSignature) are backend API.
#define GDK_PIXBUF_ENABLE_BACKEND
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gio/gio.h>
#include <gexiv2/gexiv2.h>
#include <libheif/heif.h>
#include <turbojpeg.h>
#include <zlib.h>
#include <libdeflate.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

// A video export is a copy: copy_file_range(2) (in the kernel, a reflink where the file
// system can). glibc declares it only under _GNU_SOURCE; the system call needs nothing.
static inline long pp_copy_file_range(int in, int out, size_t length) {
    return syscall(SYS_copy_file_range, in, NULL, out, NULL, length, 0u);
}

// Worker pipes are created close-on-exec in one step; glibc declares pipe2 only under
// _GNU_SOURCE, which Swift's Glibc module does not show.
static inline int pp_pipe_cloexec(int fds[2]) {
    return (int)syscall(SYS_pipe2, fds, O_CLOEXEC);
}

// A Motion Photo's video is played from an anonymous memory file (GTK's media file opens a
// path, never a stream): memfd_create(2), close-on-exec. glibc declares it only under
// _GNU_SOURCE, which Swift's Glibc module does not show.
#ifndef MFD_CLOEXEC
#define MFD_CLOEXEC 0x0001U
#endif
static inline int pp_memfd_cloexec(const char *name) {
    return (int)syscall(SYS_memfd_create, name, MFD_CLOEXEC);
}

// A worker's reply pipe is grown (fcntl F_SETPIPE_SZ, Linux's own; glibc names it only under
// _GNU_SOURCE). Returns the new size, or -1 with errno (EPERM past the user's pipe quota).
#ifndef F_SETPIPE_SZ
#define F_SETPIPE_SZ 1031
#endif
#ifndef F_GETPIPE_SZ
#define F_GETPIPE_SZ 1032
#endif
static inline int pp_pipe_set_size(int fd, int bytes) {
    return fcntl(fd, F_SETPIPE_SZ, bytes);
}
static inline int pp_pipe_size(int fd) {
    return fcntl(fd, F_GETPIPE_SZ);
}

#endif
