import Synchronization

/// Where the hand-over of a handler's response to the connection's thread stands.
enum HandoffPhase: UInt8 {
    /// The handler runs and the connection's thread has not given up waiting.
    case running
    /// The connection is suspended: whoever finishes must resume it.
    case suspended
    /// The response is stored.
    case finished
}

/// Passes a handler's response from its task to the libmicrohttpd thread that queues it,
/// whether the handler finished before that thread checked (no suspension at all, the usual
/// case) or after (the connection was suspended and must be resumed).
///
/// The hand-over is one atomic: the usual case costs an exchange and a load, with no lock and
/// no allocation beyond the ``RequestState`` itself.
/// ```swift
/// Task.immediate {
///     if context.finish(with: await handler(request)) { resume(connection) }
/// }
/// if let response = context.suspendUnlessFinished({ suspend(connection) }, resume: { resume(connection) }) {
///     queue(response)   // finished synchronously
/// }
/// ```
extension RequestState {
    /// Stores the response; `true` when the connection was suspended and needs resuming.
    func finish(with response: HTTPResponse) -> Bool {
        handoffResponse = response
        let previous = handoffPhase.exchange(HandoffPhase.finished.rawValue, ordering: .acquiringAndReleasing)
        return previous == HandoffPhase.suspended.rawValue
    }

    /// On the connection's thread after starting the handler: the response if it is already
    /// there. Otherwise runs `suspend`, then marks the connection suspended, and returns
    /// `nil`; if the handler finished in between (it saw no suspension, so it will not resume),
    /// runs `resume` itself, and the response is picked up by ``takeResponse()``.
    func suspendUnlessFinished(_ suspend: () -> Void, resume: () -> Void) -> HTTPResponse? {
        if handoffPhase.load(ordering: .acquiring) == HandoffPhase.finished.rawValue {
            return takeResponse()
        }
        // Suspend first: once the phase says `suspended`, the handler may resume at any time.
        suspend()
        let (exchanged, _) = handoffPhase.compareExchange(
            expected: HandoffPhase.running.rawValue, desired: HandoffPhase.suspended.rawValue,
            ordering: .acquiringAndReleasing)
        if !exchanged { resume() }
        return nil
    }

    /// The response, once it is stored; `nil` before and after.
    func takeResponse() -> HTTPResponse? {
        guard handoffPhase.load(ordering: .acquiring) == HandoffPhase.finished.rawValue else { return nil }
        defer { handoffResponse = nil }
        return handoffResponse
    }
}
