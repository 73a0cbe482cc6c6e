import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Waits for SIGINT or SIGTERM without letting either kill the process.
///
/// ```swift
/// let signal = await SignalHandling.waitForTermination()   // SIGINT or SIGTERM
/// await server.stop()
/// ```
public enum SignalHandling {
    /// Ignores the default disposition of SIGINT and SIGTERM and returns the first one received.
    public static func waitForTermination() async -> Int32 {
        let waiter = SignalWaiter()
        return await withCheckedContinuation { continuation in
            waiter.install(continuation)
        }
    }
}

/// Owns the dispatch signal sources while a wait is pending.
private final class SignalWaiter: Sendable {
    private struct State {
        var sources: [SignalSource] = []
        var continuation: CheckedContinuation<Int32, Never>?
    }

    private let state = Mutex(State())

    func install(_ continuation: CheckedContinuation<Int32, Never>) {
        state.withLock { $0.continuation = continuation }
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in fire(number) }
            state.withLock { $0.sources.append(SignalSource(source: source)) }
            source.resume()
        }
    }

    private func fire(_ number: Int32) {
        let (continuation, sources) = state.withLock { state in
            let taken = (state.continuation, state.sources)
            state.continuation = nil
            state.sources = []
            return taken
        }
        for source in sources { source.source.cancel() }
        continuation?.resume(returning: number)
    }
}

/// A dispatch signal source; dispatch sources are thread-safe.
private struct SignalSource: @unchecked Sendable {
    let source: any DispatchSourceSignal
}
