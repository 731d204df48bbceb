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
#include <sys/prctl.h>
#include <stdint.h>

// rename(2) that fails with EEXIST instead of replacing (RENAME_NOREPLACE = 1, linux/fs.h):
// an export never overwrites a file. glibc's renameat2 wrapper needs _GNU_SOURCE, which a
// module header should not define; the raw system call needs nothing.
static inline int pp_rename_noreplace(const char *from, const char *to) {
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, 1u);
}

// A GSpawnChildSetupFunc, run in the child between fork and exec: the child gets SIGKILL
// when the process that started it dies (photopick-portal killed with -9 must not leave a
// window whose picks go nowhere; nobody reads its answer any more, and SIGKILL also ends one
// whose main loop is stuck). `parent` is the starter's pid: if it died before the
// prctl took effect, the child ends at once. prctl is variadic, so Swift cannot call it.
static inline void pp_die_with_parent(gpointer parent) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != (pid_t)(intptr_t)parent) _exit(1);
}

#endif
