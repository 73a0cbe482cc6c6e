import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Catches SIGINT and SIGTERM so a server can stop gracefully instead of being killed.
///
/// ```swift
/// SignalHandling.install()                                 // before the server listens
/// try server.start()
/// let signal = await SignalHandling.waitForTermination()   // SIGINT or SIGTERM
/// await server.stop()
/// ```
/// `install()` puts a signal handler in place synchronously, and the handler only writes the
/// signal's number into a pipe, so a signal that arrives at any moment after it (even right
/// after the server logged that it listens, before anyone waits) is kept until it is read.
enum SignalHandling {
    /// Installs the handlers for SIGINT and SIGTERM (once per process; later calls do nothing).
    static func install() {
        _ = TerminationSignals.shared
    }

    /// Returns the next SIGINT or SIGTERM received since ``install()`` (installing now if needed).
    static func waitForTermination() async -> Int32 {
        await TerminationSignals.shared.next()
    }
}

/// The write end of the pipe the signal handler writes to (-1 until installed).
private let signalPipeWriteEnd = Atomic<Int32>(-1)

/// Async-signal-safe: one `write(2)` of one byte.
private func recordTerminationSignal(_ number: Int32) {
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeWriteEnd.load(ordering: .relaxed), &byte, 1)
}

/// The pipe, the handlers and the thread that reads the pipe and hands signals to waiters.
private final class TerminationSignals: Sendable {
    static let shared = TerminationSignals()

    private struct State {
        var received: [Int32] = []
        var waiters: [CheckedContinuation<Int32, Never>] = []
    }
    private let state = Locked(State())

    private init() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            fatalError("cannot create the signal pipe: errno \(errno)")
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        signalPipeWriteEnd.store(ends[1], ordering: .relaxed)
        for number in [SIGINT, SIGTERM] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = recordTerminationSignal
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
        let readEnd = ends[0]
        let reader = Thread { [self] in
            var byte: UInt8 = 0
            while true {
                let count = read(readEnd, &byte, 1)
                if count == 1 {
                    deliver(Int32(byte))
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
        reader.name = "webrouter-signals"
        reader.start()
    }

    func next() async -> Int32 {
        await withCheckedContinuation { continuation in
            let signal: Int32? = state.withLock { state in
                if state.received.isEmpty {
                    state.waiters.append(continuation)
                    return nil
                }
                return state.received.removeFirst()
            }
            if let signal { continuation.resume(returning: signal) }
        }
    }

    private func deliver(_ signal: Int32) {
        let waiter: CheckedContinuation<Int32, Never>? = state.withLock { state in
            if state.waiters.isEmpty {
                state.received.append(signal)
                return nil
            }
            return state.waiters.removeFirst()
        }
        waiter?.resume(returning: signal)
    }
}
