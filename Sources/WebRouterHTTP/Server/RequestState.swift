/// The state of one request while libmicrohttpd works on it, owned through the request's
/// `con_cls` pointer from the URI callback until the completion callback.
///
/// Fields are touched by one MHD thread at a time, except ``handoff``: the request's task runs
/// with the request as its executor, and its jobs and response cross to the connection's
/// thread there (see `RequestState+Handoff.swift`).
final class RequestState: @unchecked Sendable {
    /// The request target exactly as sent: path and query, still percent-encoded.
    let target: String
    let start: ContinuousClock.Instant
    /// The connection's deadline (set by libmicrohttpd's connection notification; `nil` if none).
    let clock: ConnectionClock?
    /// Which of libmicrohttpd's calls for this request comes next.
    var phase = AccessPhase.headers
    var body: [UInt8] = []
    var discardedBytes = 0
    /// A form upload past the body limit, read through (``OversizedForm``): what fits is kept.
    var oversized: OversizedForm?
    /// The bytes of the body read so far, kept or not (for ``ServerConfiguration/maxOversizedFormSize``).
    var receivedBytes = 0
    /// The body limit of this request: the server's, or its route's larger one (set with the headers).
    var bodyLimit = 0
    /// The most a form upload past ``bodyLimit`` may send to be read through.
    var oversizedLimit = 0
    /// Whether the connection was ever suspended for this request (set on the connection's
    /// thread as it suspends): only then has the completion anything to take off the server's
    /// list of suspended connections, whose lock every other request then skips.
    var wasSuspended = false

    /// The request task's jobs and response on their way to the connection's thread.
    let handoff = Locked(Handoff())
    /// The server and the connection, to resume it.
    let server: HTTPServer
    let connection: MHDHandle?

    init(
        server: HTTPServer, connection: OpaquePointer?, target: String, start: ContinuousClock.Instant,
        clock: ConnectionClock? = nil
    ) {
        self.server = server
        self.connection = connection.map(MHDHandle.init(pointer:))
        self.target = target
        self.start = start
        self.clock = clock
    }
}

/// Where a request stands between libmicrohttpd's calls of the access handler.
enum AccessPhase {
    /// The first call, with the headers, has not come yet.
    case headers
    /// The body is being received and kept.
    case body
    /// The body passed the size limit: the rest is read and dropped, then answered `413`.
    case discarding
    /// A body without a declared length passed the limit and was answered `413` on the spot:
    /// the rest is read and dropped, and the connection closes when it ends.
    case answered
    /// The handler runs (or ran): the next call queues its response.
    case handling
}
