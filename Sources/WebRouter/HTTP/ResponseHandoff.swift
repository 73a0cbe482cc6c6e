/// Passes a handler's response from its task to the libmicrohttpd thread that queues it,
/// whether the handler finished before that thread returned (no suspension at all) or after
/// (the connection was suspended and must be resumed).
///
/// ```swift
/// Task.immediate {
///     if handoff.finish(with: await handler(request)) { resume(connection) }
/// }
/// if let response = handoff.suspendUnlessFinished({ MHD_suspend_connection(connection) }) {
///     queue(response)   // finished synchronously
/// }
/// ```
struct ResponseHandoff: Sendable {
    private enum Phase {
        case running, suspended, finished
    }

    private struct State {
        var phase = Phase.running
        var response: HTTPResponse?
    }

    private let state = Locked(State())

    /// Stores the response; `true` when the connection was suspended and needs resuming.
    func finish(with response: HTTPResponse) -> Bool {
        state.withLock { state in
            state.response = response
            let wasSuspended = state.phase == .suspended
            state.phase = .finished
            return wasSuspended
        }
    }

    /// On the connection's thread after starting the handler: the response if it is already
    /// there, else runs `suspend` (under the lock, so a resume cannot come before it) and
    /// returns `nil`.
    func suspendUnlessFinished(_ suspend: () -> Void) -> HTTPResponse? {
        state.withLock { state in
            if state.phase == .finished {
                defer { state.response = nil }
                return state.response
            }
            state.phase = .suspended
            suspend()
            return nil
        }
    }

    /// The response of a resumed connection, once.
    func takeResponse() -> HTTPResponse? {
        state.withLock { state in
            defer { state.response = nil }
            return state.response
        }
    }
}
