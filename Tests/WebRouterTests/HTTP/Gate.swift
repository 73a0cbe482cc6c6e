@testable import WebRouter
@testable import WebRouterHTML
@_spi(WebRouterInternals) @testable import WebRouterHTTP

/// A one-shot signal tests await and open explicitly (no sleeps): `wait()` suspends until
/// `open()` has been called, before or after.
final class Gate: Sendable {
    private let state = Locked<(opened: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state in
                if state.opened { return true }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state in
            state.opened = true
            let waiters = state.waiters
            state.waiters = []
            return waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
