@_spi(WebRouterInternals) import WebRouterHTTP

extension Application {
    /// Every open page showing `key` refreshes in place (a morph that keeps scroll, focus and
    /// what the person is typing), on this instance and, through the configured
    /// ``LiveConfiguration/broadcaster``, on every other. Signals in a burst make one refresh.
    /// ```swift
    /// try await matches.addGoal(to: 12)
    /// app.refresh(LiveKey("match", 12))
    /// ```
    public func refresh(_ key: LiveKey) {
        live.publish([key.value])
    }

    /// Refreshes the pages showing any of `keys`.
    /// ```swift
    /// app.refresh([LiveKey("match", 12), "scores"])
    /// ```
    public func refresh(_ keys: [LiveKey]) {
        guard !keys.isEmpty else { return }
        live.publish(keys.map(\.value))
    }

    /// Refreshes the pages of every key `keys` yields, until the sequence ends (or the task
    /// is cancelled).
    /// ```swift
    /// Task { await app.refresh(from: scoreboard.changes) }   // an AsyncStream<LiveKey>
    /// ```
    public func refresh<Keys: AsyncSequence>(from keys: Keys) async where Keys.Element == LiveKey {
        do {
            for try await key in keys { refresh(key) }
        } catch {
            configuration.logger.warning("a sequence of refresh keys ended with an error: \(error)")
        }
    }

    /// The URL of the event stream of a page showing `keys` (`nil` when it shows nothing
    /// live, outside development mode).
    func eventsURL(keys: [LiveKey]) -> String? {
        let live = configuration.live
        guard !keys.isEmpty || live.development else { return nil }
        var seen = Set<String>()
        var query = keys.compactMap { key -> String? in
            guard seen.insert(key.value).inserted else { return nil }
            return "key=" + PathSegmentEncoding.encodeQueryValue(key.value)
        }
        if live.development { query.append("build=" + self.live.buildID) }
        return LiveHub.path + "?" + query.joined(separator: "&")
    }

    /// `GET /_webrouter/events?key=…`: a Server-Sent Events stream for one page (one tab),
    /// or a `429`/`503` page when the bounds are reached.
    func liveEvents(_ request: HTTPRequest, context: RequestContext) -> HTTPResponse {
        if let refusal = refusal(request, context: context, allowed: .readOnly) { return refusal }
        let keys = request.query.values(for: "key").filter { !$0.isEmpty }
        let build = request.query.values(for: "build").first
        let client = LiveHub.clientKey(context.clientAddress ?? "unknown")
        switch live.open(keys: Array(keys.prefix(32)), client: client, build: build) {
        case .success(let stream):
            var headers: HTTPHeaders = [("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store")]
            // nginx and similar proxies pass events on as they come.
            headers.add(name: "X-Accel-Buffering", value: "no")
            var response = HTTPResponse(headers: headers, stream: stream)
            response.route = LiveHub.path
            return response
        case .failure(let refusal):
            let error: HTTPError
            switch refusal {
            case .tooManyForClient:
                error = HTTPError(.tooManyRequests, "This browser already has \(configuration.live.streamsPerClient) live pages open; close some tabs and reload.")
            case .full:
                error = HTTPError(.serviceUnavailable, "The server is holding as many live pages as it can; this page will not update by itself. Reload it later.")
            }
            var response = errorPage(error, request: request, context: context)
            response.headers.set(name: "Retry-After", value: "30")
            response.route = LiveHub.path
            return response
        }
    }
}
