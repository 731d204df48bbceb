// GIO alone, for the portal backend: GDBus, GSubprocess, desktop entries (GKeyFile: PhotoPickGLib).
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
#include <spawn.h>

// Children are started with posix_spawn (PhotoPickSystem/Process/ChildSpawn); Swift's Glibc
// module does not show this GNU extension, which keeps the picker's own descriptors out of them.
static inline int pp_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

// rename(2) that fails with EEXIST instead of replacing (RENAME_NOREPLACE = 1, linux/fs.h):
// an export never overwrites a file. glibc's renameat2 wrapper needs _GNU_SOURCE, which a
// module header should not define; the raw system call needs nothing.
static inline int pp_rename_noreplace(const char *from, const char *to) {
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, 1u);
}

// An unnamed regular file in `folder` (O_TMPFILE, read-write, close-on-exec): it has no name
// until linkat gives it one, so a process killed while writing it leaves nothing behind.
// O_TMPFILE is spelled only under _GNU_SOURCE; glibc's __O_TMPFILE (O_DIRECTORY included)
// is always there. -1 with errno EOPNOTSUPP, EISDIR or EINVAL where the file system (or
// kernel) has no unnamed files.
static inline int pp_open_unnamed(const char *folder, mode_t mode) {
    return open(folder, __O_TMPFILE | O_RDWR | O_CLOEXEC, mode);
}

// Whether another process of this user may open this one's /proc/PID/fd links (the kernel
// asks that of a "dumpable" process; setuid programs and some hardening turn it off).
static inline int pp_is_dumpable(void) {
    return prctl(PR_GET_DUMPABLE, 0, 0, 0, 0) == 1;
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

// Names the calling thread in the kernel (ps -L, top -H, /proc/PID/task/TID/comm), cut by
// the kernel to 15 bytes: BlockingThread's threads name themselves. prctl is variadic.
static inline void pp_name_current_thread(const char *name) {
    prctl(PR_SET_NAME, (unsigned long)name, 0, 0, 0);
}

#endif
