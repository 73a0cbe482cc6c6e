@_spi(WebRouterInternals) import WebRouterHTTP

/// A lock held across suspension points, granted in arrival order: the store's writers in one
/// process take turns (a transaction keeps it from `BEGIN` to `COMMIT`).
package final class AsyncLock: Sendable {
    private struct State {
        var held = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    package init() {}

    /// Runs `body` holding the lock.
    package func withLock<T>(_ body: () async throws -> sending T) async rethrows -> sending T {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let granted = state.withLock { state in
                if state.held {
                    state.waiting.append(continuation)
                    return false
                }
                state.held = true
                return true
            }
            if granted { continuation.resume() }
        }
    }

    private func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if state.waiting.isEmpty {
                state.held = false
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
