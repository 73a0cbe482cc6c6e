/// The state of one request while libmicrohttpd works on it, owned through the request's
/// `con_cls` pointer from the URI callback until the completion callback.
///
/// Fields are touched by one MHD thread at a time; the only cross-thread hand-over is
/// ``response``, written by the handler task before `MHD_resume_connection` and read by
/// the MHD thread after it (MHD's resume locking orders the two).
final class ConnectionState: @unchecked Sendable {
    /// The request target exactly as sent: path and query, still percent-encoded.
    let target: String
    let start: ContinuousClock.Instant
    var headersSeen = false
    var handlerStarted = false
    var body: [UInt8] = []
    var bodyTooLarge = false
    var discardedBytes = 0
    /// Hands the handler's response to the connection's thread.
    let handoff = ResponseHandoff()

    init(target: String, start: ContinuousClock.Instant) {
        self.target = target
        self.start = start
    }
}
