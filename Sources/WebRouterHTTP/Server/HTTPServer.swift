import CMicroHTTPD
public import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// An HTTP/1.1 server over libmicrohttpd that answers every request with an async handler.
///
/// Every request goes through one `RequestPipeline` (protocol checks, static files under
/// ``ServerConfiguration/staticPrefix``, the handler or application, compression, the access
/// log). While the pipeline awaits, its connection is suspended, so no server thread ever
/// waits on Swift work.
/// ```swift
/// let server = HTTPServer(configuration: ServerConfiguration(port: 0)) { request in
///     .html("<h1>Hello \(request.path)</h1>")
/// }
/// try server.start()
/// print(server.port)
/// await server.stop()
/// ```
public final class HTTPServer: Sendable {
    /// The address, limits and static-file settings the server was made with.
    public let configuration: ServerConfiguration
    let logger: Logger
    /// What every request goes through.
    let pipeline: RequestPipeline
    /// The open connections' header deadlines and body rates.
    let deadlines: ConnectionDeadlines
    /// The connections open per client, and the per-client limit.
    let clients: ClientConnections
    /// The open connections from which idle ones are shed: an eighth of the limit is kept free.
    let sheddingThreshold: Int

    enum Phase: Sendable {
        case idle, running, stopping, stopped
    }

    struct State {
        var phase: Phase = .idle
        var daemon: MHDHandle?
        var port = 0
        var drainWaiters: [CheckedContinuation<Void, Never>] = []
        /// Cuts the connections past their deadline while the server runs.
        var sweeper: DeadlineSweeper?
    }

    let state = Locked(State())
    /// Requests between their request line and their completion callback.
    let inFlight = Atomic<Int>(0)
    /// The connections suspended while their handler awaits, and whether the daemon is being
    /// torn down (no handler may resume a connection then).
    let resumeGate = Locked(ResumeState())
    /// `true` from the start of ``stop()``: responses then close their connection, so
    /// keep-alive clients stop sending new requests and the server drains.
    let draining = Atomic<Bool>(false)
    /// The streamed responses being sent (``ResponseStream``), ended by ``stop()``.
    let openStreams = Locked<[ObjectIdentifier: ResponseStream]>([:])

    struct ResumeState {
        var stopped = false
        var suspended: [ObjectIdentifier: MHDHandle] = [:]
    }

    /// Creates a server answering with `handler`; nothing listens until ``start()``.
    /// - Parameters:
    ///   - configuration: the address, threads, limits and static files.
    ///   - logger: receives start, stop and error messages.
    ///   - accessLogger: receives one `.info` line per request.
    ///   - handler: answers each request the server's own steps do not.
    public convenience init(
        configuration: ServerConfiguration, logger: Logger = Logger(label: "webrouter.http"),
        accessLogger: Logger = Logger(label: "webrouter.access"), handler: @escaping HTTPHandler
    ) {
        self.init(
            configuration: configuration, logger: logger, accessLogger: accessLogger,
            responder: HandlerResponder(handler: handler))
    }

    /// Creates a server whose pipeline ends in `responder` (an application).
    package init(
        configuration: ServerConfiguration, logger: Logger = Logger(label: "webrouter.http"),
        accessLogger: Logger = Logger(label: "webrouter.access"), responder: any HTTPResponder
    ) {
        self.configuration = configuration
        self.logger = logger
        self.deadlines = ConnectionDeadlines(configuration: configuration)
        self.clients = ClientConnections(limit: configuration.connectionsPerClient, unlimited: configuration.unlimitedClients)
        let limit = max(configuration.connectionLimit, 1)
        self.sheddingThreshold = max(limit - max(limit / 8, 1), 1)
        self.pipeline = RequestPipeline(
            responder: responder, configuration: configuration,
            accessLog: AccessLog(logger: accessLogger, enabled: configuration.logsRequests))
        if let directory = configuration.publicDirectory, pipeline.staticFiles == nil {
            logger.warning("public directory \(directory) (--public) does not exist; no static files are served")
        }
    }

    /// The bound port (the OS's pick when configured with `0`); `0` before ``start()``.
    public var port: Int {
        state.withLock { $0.port }
    }

    /// Whether the server is accepting connections.
    public var isRunning: Bool {
        state.withLock { $0.phase == .running }
    }

    /// Binds and starts serving. Throws ``HTTPServerError/portInUse(host:port:)`` when the
    /// port is taken.
    public func start() throws(HTTPServerError) {
        try state.withLock { state throws(HTTPServerError) in
            guard state.phase == .idle else {
                throw .startFailed("a server can be started once (it is \(state.phase))")
            }
            // Services start at a soft limit of 1,024 open files, far below the hard one.
            ConnectionBudget.raiseDescriptorLimit()
            let listenFD = try ListenSocket.open(
                host: configuration.host, port: configuration.port, backlog: 1024)
            let retained = Unmanaged.passRetained(self)
            var settings = webrouter_daemon_settings()
            settings.flags =
                MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_USE_ITC.rawValue
                | MHD_ALLOW_SUSPEND_RESUME.rawValue
            settings.listen_fd = listenFD
            settings.thread_pool_size = UInt32(clamping: max(configuration.threadCount, 1) > 1 ? configuration.threadCount : 0)
            settings.connection_limit = UInt32(clamping: max(configuration.connectionLimit, 1))
            // The per-client limit is ours (ClientConnections): libmicrohttpd's can neither
            // exempt a reverse proxy nor count an IPv6 /64 as one client.
            settings.per_ip_connection_limit = 0
            settings.accept_policy = mhdAcceptPolicy
            settings.connection_timeout = UInt32(clamping: max(configuration.connectionTimeout, 1))
            settings.connection_memory_limit = max(configuration.connectionMemoryLimit, 16 * 1024)
            // Strict HTTP/1.1 (RFC 9112): no Host, spaces in the target or before a header's
            // colon answer 400 (see HeaderValidation for what is checked on our side).
            settings.strict_for_client = 1
            settings.access_handler = mhdAccessHandler
            settings.completed = mhdRequestCompleted
            settings.uri_log = mhdURILog
            settings.notify_connection = mhdNotifyConnection
            settings.cls = retained.toOpaque()
            guard let daemon = webrouter_start_configured_daemon(&settings) else {
                retained.release()
                close(listenFD)
                throw .startFailed("libmicrohttpd refused to start on \(configuration.host):\(configuration.port)")
            }
            state.daemon = MHDHandle(pointer: daemon)
            state.port = Int(webrouter_daemon_bind_port(daemon))
            state.phase = .running
            if deadlines.isEnabled {
                state.sweeper = DeadlineSweeper(deadlines)
            }
        }
        logger.info("listening on http://\(configuration.host):\(port)")
        logger.info("\(Self.limitsStatement(configuration))")
    }

    /// The connection limits in one sentence, with what the machine allows (file descriptors).
    static func limitsStatement(_ configuration: ServerConfiguration) -> String {
        var files = rlimit()
        let descriptors = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &files) == 0 ? Int(clamping: files.rlim_cur) : 0
        let limit = configuration.connectionLimit
        var sentence = "limits: \(limit) connections (idle ones shed past \(limit - max(limit / 8, 1))), "
            + (configuration.connectionsPerClient > 0 ? "\(configuration.connectionsPerClient) per client" : "no limit per client")
            + ", \(configuration.connectionMemoryLimit / 1024) KB of memory each (\(limit * configuration.connectionMemoryLimit / 1_048_576) MB in all)"
        if descriptors > 0 {
            sentence += "; \(descriptors) file descriptors"
            if descriptors < limit + 64 { sentence += ": too few for the connection limit, raise `ulimit -n`" }
        }
        return sentence
    }

    /// Stops accepting connections, ends every open ``ResponseStream``, lets in-flight
    /// requests finish (at most ``ServerConfiguration/shutdownGracePeriod``), then closes
    /// everything. Idempotent.
    public func stop() async {
        let daemon: MHDHandle? = state.withLock { state in
            guard state.phase == .running, let daemon = state.daemon else {
                if state.phase == .idle { state.phase = .stopped }
                return nil
            }
            state.phase = .stopping
            return daemon
        }
        guard let daemon else { return }
        draining.store(true, ordering: .sequentiallyConsistent)
        let listenFD = MHD_quiesce_daemon(daemon.pointer)
        // Open streams end now (what they queued is still sent), so they never hold the stop.
        finishOpenStreams()
        await waitForInFlightRequests()
        // libmicrohttpd refuses to stop with suspended connections: wake those whose handler
        // is still running after the grace period; their late responses are dropped.
        resumeGate.withLock { gate in
            gate.stopped = true
            for connection in gate.suspended.values { MHD_resume_connection(connection.pointer) }
            gate.suspended = [:]
        }
        // No sweep may shut down a connection's descriptor while libmicrohttpd closes them.
        state.withLock { $0.sweeper }?.stop()
        MHD_stop_daemon(daemon.pointer)
        if listenFD >= 0 { close(listenFD) }
        Unmanaged.passUnretained(self).release()
        state.withLock { state in
            state.phase = .stopped
            state.daemon = nil
        }
        logger.info("stopped")
    }

    /// Starts if needed, serves until SIGINT or SIGTERM, then stops gracefully.
    public func runUntilSignalled() async throws {
        // Handlers first: a signal sent as soon as the server says it listens is not lost.
        SignalHandling.install()
        if state.withLock({ $0.phase == .idle }) {
            try start()
        }
        let signal = await SignalHandling.waitForTermination()
        logger.info("received signal \(signal), shutting down")
        await stop()
    }

    /// Returns when no request is in flight or the grace period has passed.
    private func waitForInFlightRequests() async {
        let grace = configuration.shutdownGracePeriod
        let timeout = Task { [self] in
            if (try? await Task.sleep(for: grace)) != nil {
                releaseDrainWaiters()
            }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let drained = state.withLock { state in
                if inFlight.load(ordering: .sequentiallyConsistent) == 0 { return true }
                state.drainWaiters.append(continuation)
                return false
            }
            if drained { continuation.resume() }
        }
        timeout.cancel()
    }

    func releaseDrainWaiters() {
        let waiters = state.withLock { state in
            let waiters = state.drainWaiters
            state.drainWaiters = []
            return waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// The number of requests between request line and completion (for tests).
    var inFlightRequestCount: Int {
        inFlight.load(ordering: .sequentiallyConsistent)
    }
}
