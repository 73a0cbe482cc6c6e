import Foundation
public import Logging
import Synchronization
import WebRouterHTML
@_spi(WebRouterInternals) import WebRouterHTTP

/// A screen tree served over HTTP: GET renders the state a URL names, POST runs the action
/// of the screen on top and answers `303 See Other` to where it leads.
///
/// ```swift
/// let app = try Application(
///     Window(Tabs { Navigation(Feed(match: Push(Match()))) }),
///     configuration: ApplicationConfiguration(appName: "Scores"))
/// try await app.serve(ServerConfiguration(port: 8080, publicDirectory: "Public"))
/// ```
/// The route table is built and validated when the application is made; a tree with a
/// problem stops the start with a ``RouteTableError`` naming the screens involved.
public final class Application: Sendable {
    /// The validated route table of the tree.
    public let table: RouteTable
    /// How the application presents itself, signs its cookies and logs.
    public let configuration: ApplicationConfiguration
    let sessions: SessionCookieCodec
    let csrf: CSRFProtection
    /// The same, marking their cookies `Secure`, for requests that came over TLS.
    let secureSessions: SessionCookieCodec
    let secureCSRF: CSRFProtection
    /// Where absolute URLs point: the configured public origin or an allowed host; and
    /// whether a request came over TLS.
    let origins: OriginPolicy
    /// The tab-memory cookie's name (`__Host-` prefixed when every request is over TLS).
    let tabMemoryCookieName: String
    /// The `Strict-Transport-Security` value sent over TLS, `nil` when turned off.
    let strictTransportSecurity: String?
    /// Tab-memory cookie values already decoded: a returning browser sends the same one on
    /// every page of a tab, and decoding it was a few per cent of a page's CPU. Bounded in
    /// entries, and only values up to ``tabMemoryCacheLimit`` bytes go in, so hostile
    /// cookies can hold at most about a megabyte.
    let tabMemories = BoundedCache<String, TabMemory>(capacity: 256)
    static let tabMemoryCacheLimit = 2048
    /// What request targets route to, with the URL of each prefix printed: a state is a pure
    /// function of its target (contexts and queries decode from the URL alone, see
    /// ``URLContext``), and visitors (and load tests) ask for the same pages over and over.
    /// Only ASCII targets that name a state, of up to ``routeCacheKeyLimit`` bytes, go in, so
    /// a flood of new or hostile URLs can only make it miss.
    let routes = BoundedCache<String, ParsedPath>(capacity: 1024)
    static let routeCacheKeyLimit = 512
    /// Sessions the registry said were active, with when (``ApplicationConfiguration/sessionCheckInterval``).
    let activeSessions = BoundedCache<Session, Int>(capacity: 4096)
    /// The open pages' event streams and the refresh signals they wait for (see ``LiveKey``).
    let live: LiveHub
    /// Whether a trusted proxy's request without `X-Forwarded-For` was logged (once).
    let reportedMissingForwardedFor = Atomic<Bool>(false)
    /// Whether any screen's actions name a typed form (``ScreenAction/formType``) with its own
    /// body limit: only then does a `POST`'s route decide its limit.
    let hasFormBodyLimits: Bool
    /// The path configuration of native shells, generated from the tree (see ``InstallableFiles``).
    let installable: InstallableFiles
    /// The keyed MAC of ``offlineAccountTag(_:)``, derived once.
    let offlineAccountMAC: HMACSHA256

    /// Builds and validates the route table of `window`; throws a ``RouteTableError`` naming the screens of any problem in the tree.
    public convenience init(_ window: Window, configuration: ApplicationConfiguration = .init()) throws(RouteTableError) {
        try self.init(table: RouteTable(window), configuration: configuration)
    }

    package init(table: RouteTable, configuration: ApplicationConfiguration) {
        self.table = table
        let installable = InstallableFiles(table: table, configuration: configuration)
        var configuration = configuration
        configuration.layout.installableHead = installable.headTags
        self.installable = installable
        self.offlineAccountMAC = HMACSHA256(key: configuration.secret.derivedKey(for: "webrouter.offline-account"))
        self.configuration = configuration
        let origins = OriginPolicy(configuration)
        // Served over TLS only: every cookie is `Secure`, and its name claims it with the
        // `__Host-` prefix (RFC 6265bis §4.1.3.2: `Secure`, `Path=/`, no `Domain`), so a
        // sibling subdomain or a plain-http page cannot plant one under the same name.
        let always = origins.secureCookies
        let prefix = always ? Self.hostCookiePrefix : ""
        self.sessions = SessionCookieCodec(
            secret: configuration.secret, cookieName: prefix + "wr_session", maxAge: configuration.sessionLifetime,
            secure: always)
        self.csrf = CSRFProtection(secret: configuration.secret, cookieName: prefix + "wr_csrf", secure: always)
        self.tabMemoryCookieName = prefix + TabMemory.cookieName
        // Same keys and session cache; only the cookies' `Secure` attribute differs.
        self.secureSessions = sessions.markedSecure()
        self.secureCSRF = csrf.markedSecure()
        self.origins = origins
        let maxAge = configuration.strictTransportSecurityMaxAge
        self.strictTransportSecurity = maxAge > 0 ? "max-age=\(maxAge)" : nil
        self.live = LiveHub(configuration: configuration.live)
        self.hasFormBodyLimits = table.nodes.contains { $0.content.formBodyLimit != nil }
    }

    /// The prefix of every cookie name when the app is only reached over TLS.
    static let hostCookiePrefix = "__Host-"

    /// The same tree under another configuration (the command line's options applied).
    package func reconfigured(_ configuration: ApplicationConfiguration) -> Application {
        Application(table: table, configuration: configuration)
    }

    /// The root of the tree, for typed deep links: `app.root().tab(Feed.self)?.move(\.match, 12).url`.
    public func root() -> RootPath { RootPath(table: table) }

    /// Starts an HTTP server for the application, logs the address it listens on (the
    /// port the OS picked for port 0), and serves until SIGINT or SIGTERM, then stops
    /// gracefully.
    public func serve(_ server: ServerConfiguration, logger: Logger = Logger(label: "webrouter.http")) async throws {
        for problem in missingLayoutFiles(server) { logger.warning("\(problem)") }
        if let warning = configuration.secret.ephemeralWarning { logger.warning("\(warning)") }
        for warning in configuration.layout.theme?.contrastWarnings ?? [] { logger.warning("\(warning)") }
        // The server logs the address itself once it listens, after the signal handlers are in place.
        try await self.server(for: server, logger: logger).runUntilSignalled()
    }

    /// The HTTP server that serves the app on `configuration`, not started: a trusted proxy's
    /// connections (everybody's) are exempt from the per-client limit, and event streams leave
    /// half the connections, up to 4,096, for pages (``streamBudget(connectionLimit:)``).
    package func server(
        for configuration: ServerConfiguration, logger: Logger = Logger(label: "webrouter.http"),
        accessLogger: Logger = Logger(label: "webrouter.access")
    ) -> HTTPServer {
        var server = configuration
        server.unlimitedClients += self.configuration.trustedProxies
        live.limitStreams(to: Self.streamBudget(connectionLimit: server.connectionLimit))
        logger.info(
            "live pages: at most \(live.streamBound) event streams (of \(server.connectionLimit) connections), \(self.configuration.live.streamsPerClient) per client (an IPv4 address or an IPv6 /64)")
        return HTTPServer(configuration: server, logger: logger, accessLogger: accessLogger, responder: self)
    }

    /// The most event streams a server of `connectionLimit` connections holds: all but the
    /// connections kept for pages, which are half of them up to 4,096 (pages need connections
    /// for the requests in flight and the browsers' keep-alive connections, however many
    /// streams are open): 512 of 1,024, 15,776 of 19,872.
    static func streamBudget(connectionLimit: Int) -> Int {
        max(connectionLimit - min(connectionLimit / 2, 4096), 1)
    }

    /// A sentence for each file the layout links that `server` would answer `404`: a
    /// `/static/` URL the public directory (`--public`) does not hold, or a logical name the
    /// layout's ``AppAssets`` do not. A stylesheet or script a page asks for but nobody serves
    /// is a silent failure in the browser, so ``serve(_:logger:)`` logs these as warnings at start-up.
    public func missingLayoutFiles(_ server: ServerConfiguration) -> [String] {
        let prefix = server.staticPrefix.hasSuffix("/") ? server.staticPrefix : server.staticPrefix + "/"
        var problems: [String] = []
        let layout = configuration.layout
        for url in layout.linkedURLs {
            if url.hasPrefix(AppAssets.prefix) {
                let name = String(url.dropFirst(AppAssets.prefix.count))
                if !layout.assets.isCurrentURL(url) {
                    problems.append("The page layout links the asset \(name), but the layout's AppAssets hold no \(name): add it to PageLayout.assets, or drop the link")
                }
                continue
            }
            guard url.hasPrefix(prefix) else { continue }
            let relative = url.dropFirst(prefix.count).split(separator: "?").first.map(String.init) ?? ""
            guard let directory = server.publicDirectory else {
                problems.append("The page layout links \(url), but the server has no public directory: start it with --public <folder holding \(relative)>, compile the file in (AppAssets), or drop the link")
                continue
            }
            let path = directory + "/" + relative
            if !StaticFiles.isRegularFile(path) {
                problems.append("The page layout links \(url), but \(path) does not exist (--public \(directory)): pages will ask for it and get 404")
            }
        }
        return problems
    }

    /// The current, content-hashed URL of one of the app's own files (``PageLayout/assets``),
    /// for a screen that links an image or a download: `app.assetURL("logo.svg")`.
    public func assetURL(_ name: String) -> String {
        configuration.layout.assets.url(name)
    }

    // MARK: - Requests

    /// Answers one well-formed request: steps 3 to 8 of the request pipeline (see
    /// <doc:Architecture>), which the server runs after its protocol checks and static files,
    /// and before compression.
    ///
    /// Method semantics are per resource (RFC 9110 §9): a screen with actions answers
    /// `GET, HEAD, POST`, any other page `GET, HEAD`; `OPTIONS` is `204` with that `Allow`,
    /// another recognised method `405` with it. A state spelled another way than its printed
    /// URL (`/feed/`, `/feed//match/12`) is `308 Permanent Redirect` to the printed one, which
    /// keeps the method and the body.
    ///
    /// A page or error page is answered as HTML, or as its ``PageState`` in JSON when the
    /// request's `Accept` prefers `application/json` (see <doc:PageStateJSON>); both carry
    /// `Vary: Accept`. Redirects are the same for both and stay redirects.
    ///
    /// The test kit and the server call the whole pipeline; call this directly only to
    /// measure the app's part alone.
    public func respond(to request: HTTPRequest) async -> HTTPResponse {
        if !origins.trustedProxies.isEmpty, request.headers["X-Forwarded-For"] == nil { reportMissingForwardedFor(request) }
        // Days (`Day.today`) in the app's time zone, when it names one.
        if let timeZone = configuration.timeZone {
            return await Day.$appTimeZone.withValue(timeZone) { await respondInTimeZone(to: request) }
        }
        return await respondInTimeZone(to: request)
    }

    private func respondInTimeZone(to request: HTTPRequest) async -> HTTPResponse {
        // 4. Session and CSRF: the request's cookies, read once; the session registry, asked once.
        let context = await makeContext(for: request)
        let checked = configuration.sessionCheckInterval > 0 && configuration.sessionRegistry != nil
        let original = checked ? context.session : nil
        // 5. – 7. Routing, the method check, the page or action.
        let response = await answer(request, context: context)
        // A session the request changed (signed out) must be asked about again.
        if let original, context.sessionChange != nil { activeSessions[original] = nil }
        // 3. and 8. Negotiation, then the response's headers.
        return finish(response, context)
    }

    /// A request from a trusted proxy came without `X-Forwarded-For`: every visitor behind it
    /// would be one client (one person's failed sign-ins lock everybody out). Said once, loudly.
    private func reportMissingForwardedFor(_ request: HTTPRequest) {
        guard origins.isTrustedProxy(request.remoteAddress),
            !reportedMissingForwardedFor.exchange(true, ordering: .relaxed)
        else { return }
        configuration.logger.critical(
            "A request from the trusted proxy \(request.remoteAddress ?? "?") has no X-Forwarded-For header: every visitor behind it counts as one client (sign-in limits, live page limits). Add `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;` to its location block (see Deployment). Logged once.")
    }

    /// The query with every `%20` written `+`, or `nil` when it has none.
    static func plusSpelling(of query: String) -> String? {
        guard query.utf8.count >= 3, query.contains("%20") else { return nil }
        return query.replacingOccurrences(of: "%20", with: "+")
    }

    /// Steps 5 to 7: routing, the method check, the page or the action. Every return here
    /// goes through ``finish(_:_:)``.
    private func answer(_ request: HTTPRequest, context: RequestContext) async -> HTTPResponse {
        if request.path == LiveHub.path { return liveEvents(request, context: context) }
        if request.path == Self.visitPath { return reportedVisit(request, context: context) }
        if request.path == InstallableFiles.offlinePath {
            return refusal(request, context: context, allowed: .readOnly)
                ?? offlinePage(form: request.query["form"] != nil, context: context)
        }
        if let map = configuration.storyboardPath, request.path == map {
            return refusal(request, context: context, allowed: .readOnly) ?? storyboardPage()
        }
        if request.pathSegments.isEmpty && table.unnamedRoot == nil {
            if let refused = refusal(request, context: context, allowed: .readOnly) { return refused }
            let viewer = table.hasAccessRules ? await viewer(for: context) : nil
            return .redirect(to: defaultURL(forCase: selectedCase(context), viewer: viewer), status: .found)
        }
        let parsed: ParsedPath
        switch route(request) {
        case .success(let path): parsed = path
        case .failure(let error):
            if let canonical = canonicalURLSkippingEmptySegments(request) {
                return .redirect(to: canonical, status: .permanentRedirect)
            }
            return notFoundPage(error, context: context)
        }
        var response = await answer(request, parsed: parsed, context: context)
        response.route = parsed.routePattern ?? table.routePattern(parsed.state)
        return response
    }

    /// Steps 6 and 7 for a request that names a state: redirects to its printed URL, the
    /// method check, the window case's condition, then the page or the action.
    private func answer(_ request: HTTPRequest, parsed: ParsedPath, context: RequestContext) async -> HTTPResponse {
        if let canonicalPath = parsed.canonicalPath {
            let target = canonicalPath + (request.rawQuery.map { $0.isEmpty ? "" : "?" + $0 } ?? "")
            return .redirect(to: target, status: .permanentRedirect)
        }
        if let refusal = refusal(request, context: context, near: parsed.state, allowed: hasActions(parsed) ? .readAndPost : .readOnly) { return refusal }
        if request.method != .post, let query = request.rawQuery, let plus = Self.plusSpelling(of: query) {
            // One URL per state: a space in the query is `+`, as a GET form writes it.
            return .redirect(to: request.path + "?" + plus, status: .permanentRedirect)
        }
        if parsed.hasInvalidQuery && request.method != .post {
            // A query value that does not decode: the canonical URL leaves it out.
            return .redirect(to: table.print(parsed.state), status: .permanentRedirect)
        }
        let caseIndex = table.caseIndex(of: parsed.state)
        let allowedCase = selectedCase(context)
        if caseIndex != allowedCase && !table.window.alwaysAvailable.contains(caseIndex) {
            let wanted = request.path + (request.rawQuery.map { "?" + $0 } ?? "")
            let target = defaultURL(forCase: allowedCase) + "?next=" + PathSegmentEncoding.encodeQueryValue(wanted)
            return .redirect(to: target, status: request.method == .post ? .seeOther : .found)
        }
        if request.method == .post {
            if table.hasAccessRules, let refused = refusedAction(parsed, viewer: await viewer(for: context), context: context) {
                return refused
            }
            return await performAction(parsed, context: context)
        }
        return await renderPage(parsed, context: context, status: .ok)
    }

    /// Step 6, the method check: `nil` when `allowed` answers the request's method, else the
    /// `204` to `OPTIONS` or the `405` page (both with `Allow`).
    func refusal(
        _ request: HTTPRequest, context: RequestContext, near state: RouteState? = nil, allowed: AllowedMethods
    ) -> HTTPResponse? {
        // The message is made only for a refusal (an autoclosure): not on every page.
        let refusal = allowed.refusal(
            for: request.method,
            notAllowed: allowed == .readOnly
                ? "This page can only be read: it answers \(allowed.headerValue)."
                : "This page answers \(allowed.headerValue).")
        switch refusal {
        case nil: return nil
        case .success(let options): return options
        case .failure(let error): return errorPage(error, request: state == nil ? request : nil, context: context, near: state)
        }
    }

    /// Whether the screen on top of the state handles `POST` (its `Action` is not ``NoAction``).
    func hasActions(_ path: ParsedPath) -> Bool {
        table.nodes[path.state.steps[path.state.depth - 1].node].content.handlesPost
    }

    /// For a target that names no state but would once its empty segments are dropped
    /// (`/feed//match/12`): the printed URL of that state, with the query as sent.
    func canonicalURLSkippingEmptySegments(_ request: HTTPRequest) -> String? {
        guard request.pathSegments.contains(""),
            case .success(let parsed) = table.parse(request.pathSegments.filter { !$0.isEmpty }, query: request.query)
        else { return nil }
        let path = table.pathString(parsed.state.steps[...])
        return (path.isEmpty ? "/" : path) + (request.rawQuery.map { $0.isEmpty ? "" : "?" + $0 } ?? "")
    }

    /// The state the request's target names, remembered per target (see ``routes``).
    ///
    /// Only ASCII targets are keys (browsers percent-encode everything else): `String`
    /// equality is canonical equivalence, so two raw targets with different bytes, such as
    /// `é` and `e` + U+0301, would otherwise share an entry although they decode differently.
    func route(_ request: HTTPRequest) -> Result<ParsedPath, RouteParseError> {
        let key = request.targetKey.flatMap(Self.routeCacheKey)
        if let key, let known = routes[key] { return .success(known) }
        let result = table.parse(request.pathSegments, query: request.query)
        guard case .success(var parsed) = result else { return result }
        // The path as printed: any other spelling of the state is redirected to it.
        let printed = table.pathString(parsed.state.steps[...])
        let canonical = printed.isEmpty ? "/" : printed
        // Only for a target as sent: a request whose parts were changed in code has no spelling.
        if request.targetKey != nil, canonical != request.path { parsed.canonicalPath = canonical }
        guard let key else { return .success(parsed) }
        parsed.prefixURLs = table.prefixURLs(parsed.state)
        parsed.routePattern = table.routePattern(parsed.state)
        routes[key] = parsed
        return .success(parsed)
    }

    /// `target` when it can be a key of ``routes``: ASCII, and at most ``routeCacheKeyLimit`` bytes.
    static func routeCacheKey(_ target: String) -> String? {
        let utf8 = target.utf8
        guard utf8.count <= routeCacheKeyLimit else { return nil }
        for byte in utf8 where byte >= 0x80 { return nil }
        return target
    }

    /// Whether the request came over TLS, so its cookies must be `Secure` (see ``OriginPolicy``).
    func isSecure(_ request: HTTPRequest) -> Bool {
        origins.isSecure(request)
    }

    func selectedCase(_ context: RequestContext) -> Int {
        guard table.window.isConditional else { return 0 }
        let index = table.window.select(context)
        return table.caseRoots.indices.contains(index) ? index : 0
    }

    /// The URL a window case opens at: its screen, or its first tab.
    func defaultURL(forCase index: Int) -> String {
        table.print(table.rootState(table.caseRoots[index][0]))
    }

    func makeContext(for request: HTTPRequest) async -> RequestContext {
        let now = configuration.clock()
        let (sessionCookie, cookieID, tabMemoryCookie) = request.cookies(
            sessions.cookieName, csrf.cookieName, tabMemoryCookieName)
        var session = sessions.decode(sessionCookie, now: now) ?? Session(issuedAt: now)
        var ended = false
        if let registry = configuration.sessionRegistry, !session.isEmpty {
            let active = await isActive(session, in: registry, now: now)
            if active != true {
                // Ended on the server (signed out elsewhere, a password change), or the store
                // cannot say: no session at all. Only an ended one loses its cookie.
                ended = active == false
                session = Session(issuedAt: now)
            }
        }
        return context(for: request, now: now, session: session, cookieID: cookieID, tabMemoryCookie: tabMemoryCookie, clearsSession: ended)
    }

    /// The context of a request refused before the app ran (a 413, a 400), for its error page
    /// alone, without waiting on the session registry: a session counts only when the registry
    /// said it was active within the last ``refusalTrust`` seconds (or the check interval, if
    /// longer) and it has not ended on this instance since (signing out and password changes
    /// forget it at once), so a cookie replayed after sign-out never shows its window case.
    /// The page shows no data, only which tab bar to draw.
    func contextWithoutWaiting(for request: HTTPRequest) -> RequestContext {
        let now = configuration.clock()
        let (sessionCookie, cookieID, tabMemoryCookie) = request.cookies(
            sessions.cookieName, csrf.cookieName, tabMemoryCookieName)
        var session = sessions.decode(sessionCookie, now: now) ?? Session(issuedAt: now)
        if configuration.sessionRegistry != nil, !session.isEmpty {
            let trust = max(configuration.sessionCheckInterval, Self.refusalTrust)
            let verified = activeSessions[session].map { (0..<trust).contains(now - $0) }
            if verified != true { session = Session(issuedAt: now) }
        }
        return context(for: request, now: now, session: session, cookieID: cookieID, tabMemoryCookie: tabMemoryCookie, clearsSession: false)
    }

    /// How long, in seconds, a registry's "active" lets a refused request's error page draw the
    /// signed-in tab bar: long enough that a sign-in followed by an oversized upload a minute
    /// later keeps its tab, short enough that a session ended on another instance soon stops.
    static let refusalTrust = 300

    private func context(
        for request: HTTPRequest, now: Int, session: Session, cookieID: String?, tabMemoryCookie: String?, clearsSession: Bool
    ) -> RequestContext {
        let browserID = cookieID.flatMap { csrf.isWellFormedBrowserID($0) ? $0 : nil }
        let id = browserID ?? csrf.newBrowserID()
        return RequestContext(request: request, now: now, session: session, browserID: id,
                              issuesBrowserID: browserID == nil, tabMemoryCookie: tabMemoryCookie,
                              csrfToken: .signed(csrf), origins: origins, clearsSession: clearsSession,
                              verifiedSessions: activeSessions,
                              logger: configuration.logger)
    }

    /// The registry's answer for `session`; `nil` when it fails (logged), so a store that
    /// cannot answer signs nobody in.
    private func isActive(_ session: Session, in registry: any SessionRegistry, now: Int) async -> Bool? {
        let interval = configuration.sessionCheckInterval
        if interval > 0, let verified = activeSessions[session], (0..<interval).contains(now - verified) {
            return true
        }
        do {
            let active = try await registry.isActive(session)
            // Kept even when every request asks: a refused request's error page reads it.
            activeSessions[session] = active ? now : nil
            return active
        } catch {
            configuration.logger.error("the session registry failed; treating the request as signed out: \(error)")
            return nil
        }
    }

    /// Steps 3 and 8 for every answer of ``respond(to:)``: ``withPageHeaders(_:request:headers:)``,
    /// then the cookies the request changed (the one place they are set).
    /// Takes the response by value (`consuming`): the caller's temporary is the only copy,
    /// so adding the headers grows its list in place instead of copying it.
    func finish(_ response: consuming HTTPResponse, _ context: RequestContext) -> HTTPResponse {
        let request = context.request
        response = withPageHeaders(response, request: request, headers: request.headers)
        let secure = isSecure(request)
        if context.issuesBrowserID {
            let csrf = secure ? secureCSRF : self.csrf
            response.headers.add(name: "Set-Cookie", value: csrf.setCookieHeader(browserID: context.browserID))
        }
        if installable.keepsPagesOffline {
            // Which account the page belongs to, for the service worker (see offlineAccountTag).
            response.headers.add(name: "WebRouter-Account", value: offlineAccountTag(context.sessionChange ?? context.session))
            // Where `/` (the manifest's start_url) leads this visitor, for an installed app
            // opened offline.
            if table.unnamedRoot == nil { response.headers.add(name: "WebRouter-Start", value: defaultURL(forCase: selectedCase(context))) }
        }
        if let session = context.sessionChange {
            let sessions = secure ? secureSessions : self.sessions
            let header = session.isEmpty ? sessions.clearCookieHeader : ((try? sessions.setCookieHeader(session)) ?? sessions.clearCookieHeader)
            response.headers.add(name: "Set-Cookie", value: header)
        }
        return response
    }
}

extension ContentScreen {
    /// Whether the screen has actions, so it answers `POST`.
    var handlesPost: Bool { Action.self != NoAction.self }

    /// The largest ``Form/maxBodySize`` of the typed forms the screen's actions name, if any.
    var formBodyLimit: Int? {
        Action.allCases.compactMap { $0.formType?.maxBodySize }.max()
    }
}

extension Application {
    /// A route whose actions' typed forms take more than the server's limit: their largest
    /// ``Form/maxBodySize``. Asked by the server for each `POST` when its headers are in.
    package func bodyLimit(method: String, target: String) -> Int? {
        guard method == "POST", hasFormBodyLimits else { return nil }
        guard case .success(let parsed) = route(HTTPRequest(method: .post, path: target)) else { return nil }
        return table.nodes[parsed.state.steps[parsed.state.depth - 1].node].content.formBodyLimit
    }
}
