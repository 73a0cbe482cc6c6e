import Logging
public import Testing
public import WebRouter
import WebRouterHTML
import WebRouterHTTP

/// A browser-like client for tests of a WebRouter app. It talks about pages the way a person
/// uses them — fill fields by their labels, press buttons and follow links by their names,
/// press Escape, go back in history — keeps cookies, follows redirects, and reads the
/// landmarks of the tree: screen, tabs, breadcrumbs, modals, alerts.
///
/// ```swift
/// try await app.test(.inProcess) { client in      // or .live, or .browser
///     try await client.get("/welcome/~login")
///     try await client.fill("Username", with: "demo")
///     try await client.fill("Password", with: "demo")
///     try await client.press("Sign in")
///     try client.expect(screen: "Feed", selectedTab: "Feed")
///     try await client.click(.link("Share"))
///     try await client.pressEscape()
///     try await client.goBack()
/// }
/// ```
///
/// The same test runs in three modes: `.inProcess` (requests go straight to the app's handler,
/// no socket), `.live` (the real libmicrohttpd server on a free loopback port) and `.browser`
/// (that server driven through headless Chromium, where dialogs, Escape, focus and history
/// are the browser's own). A locator that finds nothing or too much, a misspelled field, a
/// missing option, a landmark that differs: each is recorded at the test's line with what
/// the page has instead, its visible text and the requests that led there.
///
/// Each move returns the page it lands on and makes it the client's ``page``, so tests can
/// also keep pages in variables and use the lower-level moves (`get(_:)`,
/// ``submit(_:on:_:sourceLocation:)``, ``follow(_:on:sourceLocation:)``).
public final class TestClient {
    /// Where requests go.
    public enum Mode: Sendable, CaseIterable {
        /// The server's request pipeline without the socket: everything the live server does
        /// (static files, header checks, body limit, compression, framing), fast.
        case inProcess
        /// Over HTTP to the real server on 127.0.0.1 and a port the OS picks.
        case live
        /// The real server, driven through headless Chromium (W3C WebDriver, `chromedriver`).
        case browser
    }

    /// The application under test.
    public let app: Application
    /// Whether requests go to the app in process or over a live server.
    public let mode: Mode
    /// The cookies kept between requests.
    public var cookies = CookieJar()
    /// Follow `3xx` answers (up to 10) like a browser; `false` returns the redirect itself.
    public var followsRedirects = true
    /// Extra headers sent with every request.
    public var defaultHeaders: [(String, String)] = []
    /// The page the client is on: the last one a move landed on.
    public internal(set) var page: TestPage?
    let server: HTTPServer?
    /// The server's pipeline without the socket, in `.inProcess` mode.
    let transport: InProcessTransport?
    /// How `.browser` mode runs Chromium.
    public let browserOptions: BrowserOptions
    let browser = BrowserHandle()
    var visits = VisitHistory()
    var edits = FieldEdits()
    var scopes: [Locator.Criterion] = []

    /// Makes a client; in `.live` and `.browser` modes this starts a server for the app, and
    /// the browser on first use (stop both with ``shutdown()``).
    ///
    /// The server runs the app's own `ApplicationConfiguration.server` settings (its body
    /// limits, timeouts, public directory) in every mode, unless `server` gives others; it
    /// listens on 127.0.0.1 and a port the OS picks, with two threads.
    /// ```swift
    /// var limits = ServerConfiguration()
    /// limits.maxBodySize = 3 << 20
    /// let client = try TestClient(app, mode: .live, server: limits)
    /// ```
    public init(
        _ app: Application, mode: Mode = .inProcess, publicDirectory: String? = nil, server settings: ServerConfiguration? = nil,
        browser: BrowserOptions = BrowserOptions()
    ) throws {
        self.app = app
        self.mode = mode
        self.browserOptions = browser
        // One configuration for every mode: in process is the same pipeline, without the socket.
        var configuration = settings ?? app.configuration.server
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.threadCount = 2
        if let publicDirectory { configuration.publicDirectory = publicDirectory }
        switch mode {
        case .inProcess:
            server = nil
            transport = InProcessTransport(app: app, configuration: configuration)
        case .live, .browser:
            var quiet = Logger(label: "webrouter.testing")
            quiet.logLevel = .error
            let server = HTTPServer(configuration: configuration, logger: quiet, accessLogger: quiet, responder: app)
            try server.start()
            self.server = server
            transport = nil
        }
    }

    /// The live server's port (`nil` in process).
    public var port: Int? { server?.port }

    /// Quits the browser and stops the live server, if any.
    public func shutdown() async {
        await browser.session?.quit()
        browser.session = nil
        await server?.stop()
    }

    /// Quits the browser and stops the live server without waiting, so a client can be shut
    /// down from a `defer` (which cannot `await`); the task it returns finishes once both are
    /// stopped. `app.test(_:…)` shuts its own client
    /// down; this is for a second one a test makes itself.
    /// ```swift
    /// let phone = try TestClient(app, mode: .browser, browser: BrowserOptions(width: 390, height: 844))
    /// defer { phone.close() }
    /// ```
    @discardableResult
    public func close() -> Task<Void, Never> {
        let session = browser.session
        browser.session = nil
        let server = self.server
        return Task.detached {
            await session?.quit()
            await server?.stop()
        }
    }

    // MARK: - Requests

    /// Sends a request and follows redirects (unless turned off); the result becomes ``page``
    /// and a new entry of the visit history.
    @discardableResult
    public func request(
        _ method: HTTPMethod, _ url: String, headers: [(String, String)] = [], body: [UInt8] = []
    ) async throws -> TestPage {
        let visit = VisitHistory.Entry(method: method, url: url, headers: headers, body: body)
        let page = try await load(visit)
        visits.push(visit, landedOn: page.url)
        return page
    }

    /// Sends a visit's request, follows its redirects, and makes the result the current page.
    func load(_ visit: VisitHistory.Entry) async throws -> TestPage {
        let page = try await fetch(visit.method, visit.url, headers: visit.headers, body: visit.body)
        return settle(on: page, trail: page.summary(requested: visit.method.rawValue + " " + visit.url))
    }

    /// Makes `page` the client's page: the move joins the trail failures show, and the
    /// field edits of the page before are dropped.
    func settle(on page: TestPage, trail move: String) -> TestPage {
        var page = page
        visits.trail.append(move)
        page.history = visits.trail
        self.page = page
        TestCoverage.record(app, url: page.url)
        edits = FieldEdits()
        return page
    }

    func fetch(
        _ method: HTTPMethod, _ url: String, headers: [(String, String)], body: [UInt8]
    ) async throws -> TestPage {
        if mode == .browser { return try await browserFetch(method, url, headers: headers, body: body) }
        var method = method, url = url, body = body, headers = headers
        var redirects: [(status: Int, location: String)] = []
        while true {
            let response = try await send(method, url, headers: defaultHeaders + headers, body: body)
            cookies.apply(response.headers)
            let code = response.status.code
            guard followsRedirects, (300..<400).contains(code), code != 304, let location = response.headers["Location"] else {
                return TestPage(method: method.rawValue, url: url, response: response, redirects: redirects)
            }
            redirects.append((code, location))
            guard redirects.count <= 10 else {
                throw TestPage(method: method.rawValue, url: url, response: response, redirects: redirects)
                    .failure("more than 10 redirects", details: redirects.map(\.location).joined(separator: " → "))
            }
            url = resolve(location, against: url)
            if code == 303 || ((code == 301 || code == 302) && method == .post) {
                method = .get
                body = []
                headers = headers.filter { $0.0.lowercased() != "content-type" }
            }
        }
    }

    /// Loads `url` (a path with an optional query) with `GET`, following redirects: a person
    /// opening a link they were sent.
    @discardableResult
    public func get(_ url: String) async throws -> TestPage {
        try await request(.get, url)
    }

    /// A typed deep link: `client.get(app.root().tab(Feed.self)!.move(\.match, 12))`.
    @discardableResult
    public func get<S: ContentScreen>(_ path: PathBuilder<S>) async throws -> TestPage {
        try await request(.get, path.url)
    }

    /// Posts an urlencoded form.
    @discardableResult
    public func post(_ url: String, form: [(String, String)]) async throws -> TestPage {
        let body = QueryItems(form).encoded
        return try await request(.post, url, headers: [("Content-Type", "application/x-www-form-urlencoded")],
                                 body: Array(body.utf8))
    }

    // MARK: - Moves by name (the lower-level vocabulary)

    /// Follows the link with this text (exactly, else the only one containing it).
    @discardableResult
    public func follow(_ linkText: String, on page: TestPage, sourceLocation: SourceLocation = #_sourceLocation) async throws -> TestPage {
        try await follow(page.link(linkText, sourceLocation: sourceLocation), from: page)
    }

    /// Follows a link of a page.
    @discardableResult
    public func follow(_ link: PageState.Link, from page: TestPage) async throws -> TestPage {
        try await get(resolve(link.href, against: page.url))
    }

    /// Submits the form that runs a screen action, with its current values (the CSRF token
    /// included) overridden by `fields` — by field name. To fill fields by their labels, as a
    /// person does, use `fill(_:with:sourceLocation:)` and ``press(_:sourceLocation:)``.
    @discardableResult
    public func submit(
        _ actionName: String, on page: TestPage, _ fields: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> TestPage {
        try await submit(page.form(actionName, sourceLocation: sourceLocation), from: page, fields)
    }

    /// Submits a form of a page, GET or POST as it says, with the values it holds as a
    /// browser would send them (disabled fields and unchecked boxes left out, the submit
    /// button that names its action added), overridden by `fields`.
    @discardableResult
    public func submit(_ form: PageState.Form, from page: TestPage, _ fields: [String: String] = [:]) async throws -> TestPage {
        let sent = page.element(of: form).map { FormEntryList(form: $0, submitter: nil, edits: FieldEdits(), pageURL: page.url).textEntries } ?? []
        var values = sent.filter { fields[$0.0] == nil }
        values += fields.keys.sorted().map { ($0, fields[$0]!) }
        let actionButton = form.buttons.first { $0.name == ActionForm.actionField && !$0.disabled }
        if let actionButton, !values.contains(where: { $0.0 == ActionForm.actionField }) {
            values.append((ActionForm.actionField, actionButton.value ?? ""))
        }
        let target = resolve(form.action, against: page.url)
        if form.method == "post" {
            return try await post(target, form: values)
        }
        let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
        let query = QueryItems(values).encoded
        return try await get(query.isEmpty ? path : path + "?" + query)
    }

    /// One screen back in the topmost layer's stack: its breadcrumb's previous entry (not the
    /// visit history: that is ``goBack(sourceLocation:)``).
    @discardableResult
    public func back(from page: TestPage, sourceLocation: SourceLocation = #_sourceLocation) async throws -> TestPage {
        let crumbs = page.breadcrumb
        guard crumbs.count >= 2, let href = crumbs[crumbs.count - 2].href else {
            try page.failure("no breadcrumb to go back in", details: "breadcrumb \(page.breadcrumbDescription)")
                .record(at: sourceLocation)
        }
        return try await get(href)
    }

    /// Closes the topmost alert or modal layer by its dismiss link.
    @discardableResult
    public func dismiss(from page: TestPage, sourceLocation: SourceLocation = #_sourceLocation) async throws -> TestPage {
        guard let href = page.alerts.last?.dismiss ?? page.modals.last?.dismiss else {
            try page.failure("no layer to dismiss", details: "no alert or modal is open").record(at: sourceLocation)
        }
        return try await get(href)
    }

    // MARK: - Transport

    private func send(_ method: HTTPMethod, _ url: String, headers: [(String, String)], body: [UInt8]) async throws -> HTTPResponse {
        var allHeaders = HTTPHeaders()
        // A test may send its own Host (a hostile one, say); otherwise the loopback address.
        if !headers.contains(where: { $0.0.lowercased() == "host" }) {
            allHeaders.add(name: "Host", value: "127.0.0.1")
        }
        for (name, value) in headers { allHeaders.add(name: name, value: value) }
        if let cookie = cookies.header { allHeaders.add(name: "Cookie", value: cookie) }
        switch mode {
        case .inProcess:
            guard let transport else { throw LoopbackError(description: "the in-process transport is missing") }
            // The header block the live transport writes, in its order.
            var wire: HTTPHeaders = [("Connection", "close")]
            for header in allHeaders { wire.add(name: header.name, value: header.value) }
            if !body.isEmpty || method == .post { wire.add(name: "Content-Length", value: String(body.count)) }
            return await transport.exchange(method: method, target: url, headers: wire, body: body)
        case .live, .browser:   // .browser: the kit's own requests, never the browser's
            guard let port = server?.port else { throw LoopbackError(description: "the live server is not running") }
            var raw = "\(method.rawValue) \(url) HTTP/1.1\r\nConnection: close\r\n"
            for header in allHeaders { raw += "\(header.name): \(header.value)\r\n" }
            if !body.isEmpty || method == .post { raw += "Content-Length: \(body.count)\r\n" }
            raw += "\r\n"
            let reply = try await LoopbackConnection.exchange(port: port, Array(raw.utf8) + body, bodyless: method == .head)
            return HTTPResponse(status: HTTPStatus(code: reply.status), headers: reply.headers, body: reply.body)
        }
    }

    /// Resolves a link against the URL of the page it is on.
    func resolve(_ href: String, against base: String) -> String {
        if href.hasPrefix("/") { return href }
        let basePath = base.split(separator: "?", maxSplits: 1).first.map(String.init) ?? base
        if href.hasPrefix("?") { return basePath + href }
        if href.isEmpty { return base }
        let directory = basePath.hasSuffix("/") ? basePath : String(basePath[...(basePath.lastIndex(of: "/") ?? basePath.startIndex)])
        return directory + href
    }
}
