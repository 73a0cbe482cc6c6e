@_spi(WebRouterInternals) import WebRouterHTTP

/// The open event streams of one application (`/_webrouter/events`): who watches which keys,
/// the bounds per client and in all, the heartbeat, and signals gathered into one
/// `event: refresh` per stream. One heartbeat task and one flush at a time serve every
/// stream: an idle stream costs no task and no thread.
/// ```swift
/// let hub = LiveHub(configuration: LiveConfiguration())
/// let stream = try hub.open(keys: ["match/12"], client: "127.0.0.1").get()
/// hub.signal(["match/12"])      // stream gets `event: refresh` / `data: match/12`
/// ```
package final class LiveHub: Sendable {
    /// The path of the event stream, under the reserved prefix.
    package static let path = "/_webrouter/events"
    /// Keys that name an event for every open page rather than a thing pages show.
    package static let eventKeyPrefix = "_webrouter:"

    struct Subscriber {
        let stream: ResponseStream
        let keys: Set<String>
        let client: String
        var pending: Set<String> = []
    }

    struct State {
        var subscribers: [Int: Subscriber] = [:]
        var byKey: [String: Set<Int>] = [:]
        var perClient: [String: Int] = [:]
        var nextID = 0
        /// Subscribers with pending keys, flushed together.
        var dirty: Set<Int> = []
        var flushScheduled = false
        var heartbeat: Task<Void, Never>?
        var subscribed = false
        var countWaiters: [(Int, CheckedContinuation<Void, Never>)] = []
        /// The server's own bound on streams (``limitStreams(to:)``), below its connection limit.
        var serverBound = Int.max
    }

    let configuration: LiveConfiguration
    /// The build this process serves, for development mode: a page of another build reloads.
    package let buildID: String
    let state = Locked(State())

    package init(configuration: LiveConfiguration, buildID: String = LiveHub.makeBuildID()) {
        self.configuration = configuration
        self.buildID = buildID
    }

    deinit {
        state.withLock { $0.heartbeat }?.cancel()
    }

    /// A new identifier for this process's build (its start).
    package static func makeBuildID() -> String {
        String(UInt64.random(in: 0...UInt64.max), radix: 36)
    }

    /// Starts receiving the broadcaster's signals (once).
    package func subscribeIfNeeded() {
        let first = state.withLock { state in
            defer { state.subscribed = true }
            return !state.subscribed
        }
        guard first else { return }
        configuration.broadcaster.subscribe { [weak self] keys in self?.signal(keys) }
    }

    /// Publishes `keys` through the broadcaster (every instance's pages showing them refresh).
    package func publish(_ keys: [String]) {
        subscribeIfNeeded()
        configuration.broadcaster.publish(keys)
    }

    /// Why a stream was refused.
    package enum Refusal: Error, Equatable {
        case tooManyForClient, full
    }

    /// A new stream for a page showing `keys`, or why not. `build` is the build the page came
    /// from (development mode): another one gets `event: reload` at once.
    package func open(keys: [String], client: String, build: String? = nil) -> Result<ResponseStream, Refusal> {
        subscribeIfNeeded()
        let stream = ResponseStream(bufferLimit: 64 * 1024)
        let opened: Result<Int, Refusal> = state.withLock { state in
            if state.subscribers.count >= min(configuration.maximumStreams, state.serverBound) { return .failure(.full) }
            if state.perClient[client, default: 0] >= configuration.streamsPerClient { return .failure(.tooManyForClient) }
            let id = state.nextID
            state.nextID += 1
            let keySet = Set(keys)
            state.subscribers[id] = Subscriber(stream: stream, keys: keySet, client: client)
            for key in keySet { state.byKey[key, default: []].insert(id) }
            state.perClient[client, default: 0] += 1
            if state.heartbeat == nil { state.heartbeat = startHeartbeat() }
            return .success(id)
        }
        guard case .success(let id) = opened else { return opened.map { _ in stream } }
        stream.onClose { [weak self] _ in self?.remove(id) }
        let retry = configuration.reconnectDelay.components
        let milliseconds = retry.seconds * 1000 + retry.attoseconds / 1_000_000_000_000_000
        var hello = "retry: \(milliseconds)\n: connected\n\n"
        if configuration.development, let build, build != buildID {
            hello += "event: reload\ndata: \(buildID)\n\n"
        }
        stream.write(hello)
        return .success(stream)
    }

    /// Bounds the open streams to `count` as well as ``LiveConfiguration/maximumStreams``:
    /// the server that serves the app keeps the rest of its connections for pages.
    package func limitStreams(to count: Int) {
        state.withLock { $0.serverBound = max(count, 1) }
    }

    /// The streams the hub opens at most: the configured bound or the server's, the smaller.
    package var streamBound: Int {
        state.withLock { min(configuration.maximumStreams, $0.serverBound) }
    }

    /// Whom a stream counts against: an IPv4 address, or an IPv6 address's /64 (one host
    /// usually owns a whole /64), or the text itself when it is not an address.
    package static func clientKey(_ address: String) -> String {
        ClientKey(text: address).map { "\($0)" } ?? address
    }

    /// The number of open streams.
    package var streamCount: Int {
        state.withLock { $0.subscribers.count }
    }

    /// The number of open streams that listen for `key` (for tests: a page's stream is open).
    package func streamCount(for key: String) -> Int {
        state.withLock { $0.byKey[key]?.count ?? 0 }
    }

    /// Returns once at most `count` streams are open (for tests and benchmarks).
    package func waitUntilStreamCount(atMost count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state in
                if state.subscribers.count <= count { return true }
                state.countWaiters.append((count, continuation))
                return false
            }
            if done { continuation.resume() }
        }
    }

    private func remove(_ id: Int) {
        let ready: [CheckedContinuation<Void, Never>] = state.withLock { state in
            defer {
                let open = state.subscribers.count
                state.countWaiters.removeAll { $0.0 >= open }
            }
            let open = state.subscribers.count - (state.subscribers[id] == nil ? 0 : 1)
            let ready = state.countWaiters.filter { $0.0 >= open }.map(\.1)
            guard let subscriber = state.subscribers.removeValue(forKey: id) else { return ready }
            for key in subscriber.keys {
                state.byKey[key]?.remove(id)
                if state.byKey[key]?.isEmpty == true { state.byKey[key] = nil }
            }
            let left = state.perClient[subscriber.client, default: 1] - 1
            state.perClient[subscriber.client] = left > 0 ? left : nil
            state.dirty.remove(id)
            return ready
        }
        for waiter in ready { waiter.resume() }
    }

    /// Keys changed: every stream showing one of them gets one `event: refresh` after the
    /// coalescing delay, however many signals came in between.
    package func signal(_ keys: [String]) {
        // The dev loop's signals (`_webrouter:reload`, `_webrouter:stylesheet`) go to every page.
        if keys.contains(where: { $0.hasPrefix(Self.eventKeyPrefix) }) {
            for key in keys where key.hasPrefix(Self.eventKeyPrefix) {
                sendToAll(event: String(key.dropFirst(Self.eventKeyPrefix.count)))
            }
            signal(keys.filter { !$0.hasPrefix(Self.eventKeyPrefix) })
            return
        }
        let schedule = state.withLock { state -> Bool in
            for key in keys {
                for id in state.byKey[key] ?? [] {
                    state.subscribers[id]?.pending.insert(key)
                    state.dirty.insert(id)
                }
            }
            guard !state.dirty.isEmpty, !state.flushScheduled else { return false }
            state.flushScheduled = true
            return true
        }
        guard schedule else { return }
        let delay = configuration.coalescingDelay
        Task { [weak self] in
            if delay > .zero { try? await Task.sleep(for: delay) }
            self?.flush()
        }
    }

    /// Sends the gathered refreshes now: one event per stream, naming its changed keys. The
    /// streams that changed for one key (a launch's ten thousand pages of one match) share
    /// one event's bytes, made once.
    package func flush() {
        let events: [(ResponseStream, [UInt8])] = state.withLock { state in
            state.flushScheduled = false
            var events: [(ResponseStream, [UInt8])] = []
            events.reserveCapacity(state.dirty.count)
            var byKey: [String: [UInt8]] = [:]
            for id in state.dirty {
                guard let subscriber = state.subscribers[id] else { continue }
                state.subscribers[id]?.pending = []
                if subscriber.pending.count == 1, let key = subscriber.pending.first {
                    if byKey[key] == nil { byKey[key] = Self.refreshEvent([key]) }
                    events.append((subscriber.stream, byKey[key]!))
                } else {
                    events.append((subscriber.stream, Self.refreshEvent(subscriber.pending.sorted())))
                }
            }
            state.dirty = []
            return events
        }
        for (stream, event) in events { stream.write(event) }
    }

    /// `event: refresh` naming `keys`, one `data:` line each.
    static func refreshEvent(_ keys: [String]) -> [UInt8] {
        let data = keys.map { "data: " + singleLine($0) + "\n" }.joined()
        return Array(("event: refresh\n" + data + "\n").utf8)
    }

    /// Sends `event` (with `data`) to every open stream at once: development mode's
    /// `reload` and `stylesheet`.
    package func sendToAll(event: String, data: String = "") {
        let streams = state.withLock { $0.subscribers.values.map(\.stream) }
        let text = Array("event: \(Self.singleLine(event))\ndata: \(Self.singleLine(data))\n\n".utf8)
        for stream in streams { stream.write(text) }
    }

    /// A comment line on every stream: proxies keep it open, and a client that went away is
    /// noticed when the write fails.
    package func heartbeat() {
        let streams = state.withLock { $0.subscribers.values.map(\.stream) }
        let text = Array(": heartbeat\n\n".utf8)
        for stream in streams { stream.write(text) }
    }

    private func startHeartbeat() -> Task<Void, Never> {
        let interval = configuration.heartbeatInterval
        return Task.detached { [weak self] in
            while (try? await Task.sleep(for: interval)) != nil {
                guard let self else { return }
                self.heartbeat()
            }
        }
    }

    /// `text` without line breaks, which would end an event's field.
    static func singleLine(_ text: String) -> String {
        guard text.contains(where: \.isNewline) else { return text }
        return String(text.filter { !$0.isNewline })
    }
}
