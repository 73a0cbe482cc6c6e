/* Counts a process's heap allocations for `make bench`: preloaded into webapp, it counts every
 * malloc, calloc, realloc and aligned allocation (the Swift runtime's and libmicrohttpd's alike),
 * and on SIGUSR2 writes the running total to the file named by MALLOC_COUNT_FILE. The benchmark
 * signals before and after a known number of requests; the difference over the count is the
 * allocations per request, a figure that, unlike req/s, does not move with the machine's load.
 *
 *     cc -O2 -shared -fPIC -o malloc_count.so malloc_count.c
 *     MALLOC_COUNT_FILE=/tmp/count LD_PRELOAD=./malloc_count.so webapp …   # then: kill -USR2 PID
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* glibc's own entry points: calling them avoids dlsym, which allocates itself. */
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static atomic_ulong allocations;
static char count_file[4096];

void *malloc(size_t size) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL && size != 0) return ENOMEM;
    *result = pointer;
    return 0;
}

/* Writes the total as decimal digits and a newline, with async-signal-safe calls only. */
static void write_count(int signal_number) {
    (void)signal_number;
    int saved_errno = errno;
    char digits[32];
    size_t length = 0;
    unsigned long value = atomic_load_explicit(&allocations, memory_order_relaxed);
    do {
        digits[sizeof digits - 1 - length++] = (char)('0' + value % 10);
        value /= 10;
    } while (value != 0 && length < sizeof digits - 1);
    int file = open(count_file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (file >= 0) {
        ssize_t written = write(file, digits + sizeof digits - length, length);
        written = write(file, "\n", 1);
        (void)written;
        close(file);
    }
    errno = saved_errno;
}

__attribute__((constructor)) static void install(void) {
    const char *path = getenv("MALLOC_COUNT_FILE");
    if (path == NULL || strlen(path) >= sizeof count_file) return;
    strcpy(count_file, path);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = write_count;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    sigaction(SIGUSR2, &action, NULL);
}
