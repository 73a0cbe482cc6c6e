#if PostgreSQL
import Foundation
public import Logging
public import PostgresNIO
@_spi(WebRouterInternals) import WebRouterHTTP
public import WebRouter

/// Refresh signals between instances on several hosts through their PostgreSQL server
/// (`LISTEN`/`NOTIFY` on one channel): an `app.refresh(key)` on one instance reaches the open
/// pages of every other. A ``Store`` on PostgreSQL brings one (`store.broadcaster`); the demo's
/// `webapp serve --database postgres://…` uses it too.
///
/// `publish` hands the keys to this instance's subscribers at once and sends them as one
/// `NOTIFY` (its payload names the sending instance, which skips its own). `run()` holds one
/// pooled connection listening, reconnecting with backoff when it is lost; signals sent while
/// an instance is not listening are lost for it, as with any refresh (pages still show the
/// truth when next loaded).
///
/// ```swift
/// let broadcaster = PostgresBroadcaster(client: database.client)
/// let listening = Task { await broadcaster.run() }
/// try await broadcaster.waitUntilListening(timeout: .seconds(10))
/// configuration.live.broadcaster = broadcaster
/// ```
public final class PostgresBroadcaster: RefreshBroadcaster {
    /// The channel every instance listens on.
    public static let channel = "webrouter_refresh"
    /// NOTIFY's payload limit is 8,000 bytes; keys beyond this go in further notifications.
    private static let payloadLimit = 7_000

    private let client: PostgresClient
    private let logger: Logger
    /// This instance, in every payload it sends.
    private let origin = UUID().uuidString
    private let receivers = Locked<[@Sendable ([String]) -> Void]>([])
    private let listening = Locked<ListeningState>(ListeningState())

    /// Whether `run()` listens, and who waits for it.
    private struct ListeningState {
        var ready = false
        var waiting: [UUID: CheckedContinuation<Void, Never>] = [:]
        var expired: Set<UUID> = []
    }

    /// A broadcaster over `client`'s connections (the client must be running); call ``run()``
    /// to listen.
    /// ```swift
    /// let broadcaster = PostgresBroadcaster(client: client)
    /// ```
    public init(client: PostgresClient, logger: Logger = Logger(label: "webrouter.live")) {
        self.client = client
        self.logger = logger
    }

    /// Hands `keys` to this instance's subscribers at once and sends them to the others as one
    /// `NOTIFY` (more when they exceed its payload).
    /// ```swift
    /// broadcaster.publish(["note/12"])
    /// ```
    public func publish(_ keys: [String]) {
        guard !keys.isEmpty else { return }
        deliver(keys)
        let payloads = Self.payloads(origin: origin, keys: keys)
        let client = client
        let logger = logger
        Task {
            for payload in payloads {
                do {
                    try await client.query("SELECT pg_notify(\(Self.channel), \(payload))", logger: logger)
                } catch {
                    logger.warning("a refresh did not reach the other instances: \(String(reflecting: error))")
                }
            }
        }
    }

    /// Delivers every key published from now on, by this instance or (while ``run()`` listens)
    /// another, to `receive`.
    /// ```swift
    /// broadcaster.subscribe { keys in print("refresh", keys) }
    /// ```
    public func subscribe(_ receive: @escaping @Sendable ([String]) -> Void) {
        receivers.withLock { $0.append(receive) }
    }

    /// Listens until the task running it is cancelled, reconnecting after a lost connection
    /// (waiting 0.1 s, doubling up to 5 s).
    /// ```swift
    /// let listening = Task { await broadcaster.run() }
    /// ```
    public func run() async {
        var delay = Duration.milliseconds(100)
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: Self.channel) { notifications in
                        delay = .milliseconds(100)
                        self.markListening()
                        for try await notification in notifications {
                            self.received(notification.payload)
                        }
                    }
                }
            } catch {
                if Task.isCancelled { return }
                logger.warning("listening for refreshes failed, retrying in \(delay): \(String(reflecting: error))")
            }
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, .seconds(5))
        }
    }

    /// Returns once `run()` listens (its `LISTEN` acknowledged), or after `timeout`: whether it does.
    /// ```swift
    /// if await !broadcaster.waitUntilListening(timeout: .seconds(10)) { logger.warning("not listening yet") }
    /// ```
    @discardableResult
    public func waitUntilListening(timeout: Duration) async -> Bool {
        let id = UUID()
        let timer = Task { [weak self] in
            guard (try? await Task.sleep(for: timeout)) != nil else { return }   // cancelled: answered
            self?.giveUp(id)
        }
        defer { timer.cancel() }
        await withCheckedContinuation { continuation in
            let resumeNow = listening.withLock { state in
                if state.ready || state.expired.remove(id) != nil { return true }
                state.waiting[id] = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
        return listening.withLock { $0.ready }
    }

    private func markListening() {
        let waiting = listening.withLock { state in
            state.ready = true
            defer { state.waiting = [:] }
            return state.waiting.values
        }
        for continuation in waiting { continuation.resume() }
    }

    /// The wait `id` is over: resumed if it waits, else remembered so it does not start.
    private func giveUp(_ id: UUID) {
        let continuation = listening.withLock { state in
            guard let continuation = state.waiting.removeValue(forKey: id) else {
                state.expired.insert(id)
                return CheckedContinuation<Void, Never>?.none
            }
            return continuation
        }
        continuation?.resume()
    }

    private func received(_ payload: String) {
        var lines = payload.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        guard !lines.isEmpty, lines.removeFirst() != origin, !lines.isEmpty else { return }
        deliver(lines)
    }

    private func deliver(_ keys: [String]) {
        for receive in receivers.withLock({ $0 }) { receive(keys) }
    }

    /// `origin`, then one key per line, split so each payload stays under the limit (a key
    /// with a line break is dropped: no page can be showing it).
    package static func payloads(origin: String, keys: [String]) -> [String] {
        var payloads: [String] = []
        var current = origin
        for key in keys where !key.isEmpty && !key.contains("\n") && key.utf8.count < payloadLimit {
            if current.utf8.count + 1 + key.utf8.count > payloadLimit {
                payloads.append(current)
                current = origin
            }
            current += "\n" + key
        }
        if current != origin { payloads.append(current) }
        return payloads
    }
}
#endif
