/* Lets valgrind 3.19 (Debian 12's) run Swift programs with an async main under callgrind and
 * cachegrind: libdispatch parks the main thread with sigsuspend() on a mask in read-only memory,
 * and valgrind's rt_sigsuspend wrapper writes to that mask in place, so the tool dies with
 * "VALGRIND INTERNAL ERROR: ... signal 11" before the server listens. Preloaded in the counted
 * server, this sigsuspend passes a writable copy of the mask instead; nothing else changes.
 *
 *     cc -O2 -shared -fPIC -o sigsuspend_shim.so sigsuspend_shim.c
 *     LD_PRELOAD=./sigsuspend_shim.so valgrind --tool=callgrind webapp …
 */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

int sigsuspend(const sigset_t *mask) {
    sigset_t copy = *mask;
    return (int)syscall(SYS_rt_sigsuspend, &copy, (size_t)(_NSIG / 8));
}
