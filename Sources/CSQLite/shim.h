// SQLite for the metadata index. SQLITE_TRANSIENT is a macro over a cast; expose it.
#ifndef PHOTOPICK_CSQLITE_SHIM_H
#define PHOTOPICK_CSQLITE_SHIM_H
#include <sqlite3.h>
static inline sqlite3_destructor_type pp_sqlite_transient(void) { return SQLITE_TRANSIENT; }
#endif
