/* An interposed open() for tests/core/tst_shared_vault: reports every open of a vault's SQLite
 * files (vault.db and its -wal, -shm and -journal) made by code other than SQLite itself.
 *
 * POSIX drops every lock a process holds on a file when any one of its descriptors of that file
 * is closed, so a descriptor opened and closed beside a live SQLite connection (an std::ifstream
 * reading the header, say) silently releases that connection's locks and lets another process
 * write under it. SQLite's own unix layer knows its descriptors and never does that, so an open
 * called from libsqlite3 is allowed and any other is a defect.
 *
 * Loaded with LD_PRELOAD; MEMLENS_OPEN_GUARD_REPORT names the file each offending open is
 * appended to, one line: the pid, the function, the path and the calling object. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static int is_vault_file(const char* path) {
    if (path == NULL)
        return 0;
    const char* base = strrchr(path, '/');
    base = base ? base + 1 : path;
    return strcmp(base, "vault.db") == 0 || strcmp(base, "vault.db-wal") == 0 ||
           strcmp(base, "vault.db-shm") == 0 || strcmp(base, "vault.db-journal") == 0;
}

static void check(const char* fn, const char* path, void* caller) {
    if (!is_vault_file(path))
        return;
    Dl_info info;
    const char* object = "?";
    if (dladdr(caller, &info) != 0 && info.dli_fname != NULL)
        object = info.dli_fname;
    if (strstr(object, "libsqlite3") != NULL)
        return;
    const char* report = getenv("MEMLENS_OPEN_GUARD_REPORT");
    if (report == NULL)
        return;
    char line[4096];
    int n = snprintf(line, sizeof line, "%d %s %s from %s\n", (int)getpid(), fn, path, object);
    if (n <= 0)
        return;
    if (n >= (int)sizeof line)
        n = (int)sizeof line - 1;
    /* The raw system calls: the interposed open must not call itself. */
    int fd = (int)syscall(SYS_openat, AT_FDCWD, report, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC,
                          0644);
    if (fd < 0)
        return;
    (void)!write(fd, line, (size_t)n);
    syscall(SYS_close, fd);
}

static mode_t mode_of(int flags, va_list ap) {
    return (flags & (O_CREAT | O_TMPFILE)) ? (mode_t)va_arg(ap, int) : 0;
}

#define NEXT(name, type) ((type)dlsym(RTLD_NEXT, name))

int open(const char* path, int flags, ...) {
    va_list ap;
    va_start(ap, flags);
    mode_t mode = mode_of(flags, ap);
    va_end(ap);
    check("open", path, __builtin_return_address(0));
    return NEXT("open", int (*)(const char*, int, ...))(path, flags, mode);
}

int open64(const char* path, int flags, ...) {
    va_list ap;
    va_start(ap, flags);
    mode_t mode = mode_of(flags, ap);
    va_end(ap);
    check("open64", path, __builtin_return_address(0));
    return NEXT("open64", int (*)(const char*, int, ...))(path, flags, mode);
}

int openat(int dir, const char* path, int flags, ...) {
    va_list ap;
    va_start(ap, flags);
    mode_t mode = mode_of(flags, ap);
    va_end(ap);
    check("openat", path, __builtin_return_address(0));
    return NEXT("openat", int (*)(int, const char*, int, ...))(dir, path, flags, mode);
}

int openat64(int dir, const char* path, int flags, ...) {
    va_list ap;
    va_start(ap, flags);
    mode_t mode = mode_of(flags, ap);
    va_end(ap);
    check("openat64", path, __builtin_return_address(0));
    return NEXT("openat64", int (*)(int, const char*, int, ...))(dir, path, flags, mode);
}

/* _FORTIFY_SOURCE turns open() with a constant flag word into these. */
int __open_2(const char* path, int flags) {
    check("__open_2", path, __builtin_return_address(0));
    return NEXT("__open_2", int (*)(const char*, int))(path, flags);
}

int __open64_2(const char* path, int flags) {
    check("__open64_2", path, __builtin_return_address(0));
    return NEXT("__open64_2", int (*)(const char*, int))(path, flags);
}

int __openat_2(int dir, const char* path, int flags) {
    check("__openat_2", path, __builtin_return_address(0));
    return NEXT("__openat_2", int (*)(int, const char*, int))(dir, path, flags);
}

/* fopen opens through glibc's internal open, which no interposition sees. */
FILE* fopen(const char* path, const char* mode) {
    check("fopen", path, __builtin_return_address(0));
    return NEXT("fopen", FILE* (*)(const char*, const char*))(path, mode);
}

FILE* fopen64(const char* path, const char* mode) {
    check("fopen64", path, __builtin_return_address(0));
    return NEXT("fopen64", FILE* (*)(const char*, const char*))(path, mode);
}

FILE* freopen(const char* path, const char* mode, FILE* stream) {
    check("freopen", path, __builtin_return_address(0));
    return NEXT("freopen", FILE* (*)(const char*, const char*, FILE*))(path, mode, stream);
}

/* tst_shared_vault looks this up to know the guard is loaded. */
int memlens_open_guard_loaded(void) {
    return 1;
}
