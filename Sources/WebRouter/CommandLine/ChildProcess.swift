import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A process the dev loop starts (a build, the app) in a process group of its own, so that
/// stopping it stops everything it started too: `swift build`'s `swift-build` and compilers,
/// a build script's children. Its exit is noticed through SIGCHLD (``LoopSignals``).
final class ChildProcess {
    let pid: pid_t
    /// The exit status once the process was reaped (128 + n for a death by signal n).
    private(set) var status: Int32?

    /// Starts `arguments[0]` (looked up in `PATH` when it has no slash) with `environment`.
    init(_ arguments: [String], environment: [String: String]) throws {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        // The child starts with default handlers and nothing blocked, whatever the loop set.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGCHLD, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let result = posix_spawnp(&child, arguments[0], nil, &attributes, argv, envp)
        guard result == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "cannot start \(arguments[0]): \(String(cString: strerror(result)))"])
        }
        pid = child
    }

    /// Whether the process has exited; reaps it the first time (without blocking).
    var hasExited: Bool {
        if status != nil { return true }
        var raw: Int32 = 0
        let result = waitpid(pid, &raw, WNOHANG)
        guard result == pid else { return result < 0 && errno == ECHILD ? { status = -1; return true }() : false }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, spelled out (the macros do not import).
        let signal = raw & 0x7f
        status = signal == 0 ? (raw >> 8) & 0xff : 128 + signal
        return true
    }

    /// Sends `signal` to the process's whole group (the process and what it started).
    func signalGroup(_ signal: Int32) {
        _ = kill(-pid, signal)
    }

    /// Stops the process and its group: SIGTERM, then SIGKILL to whatever is left after
    /// `grace`; returns once the process is reaped. `wake`: the loop's signal pipe, readable
    /// when a child exits.
    func stop(grace: Duration, wake: Int32) {
        if !hasExited {
            signalGroup(SIGTERM)
            let deadline = ContinuousClock.now + grace
            while !hasExited && ContinuousClock.now < deadline {
                _ = SourceWatcher.waitReadable([wake], until: deadline)
                LoopSignals.drain(wake)
            }
        }
        // Stragglers the leader left (a compiler, a script's background job) go too.
        signalGroup(SIGKILL)
        while !hasExited {
            _ = SourceWatcher.waitReadable([wake], until: ContinuousClock.now + .milliseconds(100))
            LoopSignals.drain(wake)
        }
    }
}
