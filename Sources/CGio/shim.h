// GIO alone, for the portal backend: GDBus, GSubprocess, GKeyFile, desktop entries.
// No GTK: the backend never opens a window, photopick does.
#ifndef PHOTOPICK_CGIO_SHIM_H
#define PHOTOPICK_CGIO_SHIM_H

#include <gio/gio.h>
#include <gio/gdesktopappinfo.h>
#include <glib-unix.h>
#include <signal.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

// rename(2) that fails with EEXIST instead of replacing (RENAME_NOREPLACE = 1, linux/fs.h):
// an export never overwrites a file. glibc's renameat2 wrapper needs _GNU_SOURCE, which a
// module header should not define; the raw system call needs nothing.
static inline int pp_rename_noreplace(const char *from, const char *to) {
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, 1u);
}

#endif
