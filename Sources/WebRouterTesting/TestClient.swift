import Logging
import WebRouter

/// A browser-like client for tests of a WebRouter app: it keeps cookies, follows redirects,
/// reads pages' landmarks, and moves in the vocabulary of the tree — follow a link, submit a
/// screen's action (the CSRF token comes from the form), go back, dismiss.
///
/// The same API runs in two modes: `.inProcess` (requests go straight to the app's handler,
/// no socket) and `.live` (the real libmicrohttpd server on a free loopback port).
/// ```swift
/// let client = try TestClient(app, mode: .live)
/// defer { Task { await client.shutdown() } }
/// var page = try await client.get("/welcome/~login")
/// page = try await client.submit("sign-in", on: page, ["username": "demo", "password": "demo"])
/// try page.expect(screen: "Feed", selectedTab: "Feed")
/// page = try await client.get(app.root().tab(Feed.self)!.move(\.match, 12))
/// page = try await client.back(from: page)
/// ```
public final class TestClient {
    /// Where requests go.
    public enum Mode: Sendable {
        /// Straight to `Application.respond(to:)`: fast, no socket.
        case inProcess
        /// Over HTTP to the real server on 127.0.0.1 and a port the OS picks.
        case live
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
    private let server: HTTPServer?

    /// Makes a client; in `.live` mode this starts a server for the app (stop it with ``shutdown()``).
    public init(_ app: Application, mode: Mode = .inProcess, publicDirectory: String? = nil) throws {
        self.app = app
        self.mode = mode
        switch mode {
        case .inProcess:
            server = nil
        case .live:
            var configuration = ServerConfiguration(port: 0)
            configuration.threadCount = 2
            configuration.publicDirectory = publicDirectory
            var quiet = Logger(label: "webrouter.testing")
            quiet.logLevel = .error
            let server = HTTPServer(configuration: configuration, logger: quiet, accessLogger: quiet, handler: app.handler)
            try server.start()
            self.server = server
        }
    }

    /// The live server's port (`nil` in process).
    public var port: Int? { server?.port }

    /// Stops the live server, if any.
    public func shutdown() async {
        await server?.stop()
    }

    // MARK: - Requests

    /// Sends a request and follows redirects (unless turned off).
    public func request(
        _ method: HTTPMethod, _ url: String, headers: [(String, String)] = [], body: [UInt8] = []
    ) async throws -> TestPage {
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
                    .failure("at most 10 redirects", found: redirects.map(\.location).joined(separator: " → "))
            }
            url = resolve(location, against: url)
            if code == 303 || ((code == 301 || code == 302) && method == .post) {
                method = .get
                body = []
                headers = headers.filter { $0.0.lowercased() != "content-type" }
            }
        }
    }

    /// Loads `url` (a path with an optional query) with `GET`, following redirects.
    public func get(_ url: String) async throws -> TestPage {
        try await request(.get, url)
    }

    /// A typed deep link: `client.get(app.root().tab(Feed.self)!.move(\.match, 12))`.
    public func get<S: ContentScreen>(_ path: PathBuilder<S>) async throws -> TestPage {
        try await request(.get, path.url)
    }

    /// Posts an urlencoded form.
    public func post(_ url: String, form: [(String, String)]) async throws -> TestPage {
        let body = QueryItems(form).encoded
        return try await request(.post, url, headers: [("Content-Type", "application/x-www-form-urlencoded")],
                                 body: Array(body.utf8))
    }

    // MARK: - Moves

    /// Follows the link with this text (exactly, else the only one containing it).
    public func follow(_ linkText: String, on page: TestPage) async throws -> TestPage {
        try await follow(page.link(linkText), from: page)
    }

    /// Follows a link of a page.
    public func follow(_ link: PageLink, from page: TestPage) async throws -> TestPage {
        try await get(resolve(link.href, against: page.url))
    }

    /// Submits the form that runs a screen action, with its current values (the CSRF token
    /// included) overridden by `fields`.
    public func submit(_ actionName: String, on page: TestPage, _ fields: [String: String] = [:]) async throws -> TestPage {
        try await submit(page.form(actionName), from: page, fields)
    }

    /// Submits a form of a page, GET or POST as it says.
    public func submit(_ form: PageForm, from page: TestPage, _ fields: [String: String] = [:]) async throws -> TestPage {
        var values = form.fields.filter { fields[$0.name] == nil }.map { ($0.name, $0.value) }
        values += fields.keys.sorted().map { ($0, fields[$0]!) }
        if let submitter = form.submitter, !values.contains(where: { $0.0 == submitter.name }) {
            values.append((submitter.name, submitter.value))
        }
        let target = resolve(form.action, against: page.url)
        if form.method == "post" {
            return try await post(target, form: values)
        }
        let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
        let query = QueryItems(values).encoded
        return try await get(query.isEmpty ? path : path + "?" + query)
    }

    /// One screen back in the topmost layer's stack (its breadcrumb's previous entry).
    public func back(from page: TestPage) async throws -> TestPage {
        guard let crumb = page.topBreadcrumb, crumb.items.count >= 2, let href = crumb.items[crumb.items.count - 2].href else {
            throw page.failure("a breadcrumb to go back in", found: "breadcrumb \(page.topBreadcrumb?.description ?? "none")")
        }
        return try await get(href)
    }

    /// Closes the topmost alert or modal layer by its dismiss link.
    public func dismiss(from page: TestPage) async throws -> TestPage {
        guard let href = page.alerts.last?.dismissHref ?? page.modals.last?.dismissHref else {
            throw page.failure("a layer to dismiss", found: "no alert or modal")
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
            let request = HTTPRequest(method: method, path: url, headers: allHeaders, body: body)
            var response = await app.respond(to: request)
            if method == .head { response.body = [] }
            return response
        case .live:
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
