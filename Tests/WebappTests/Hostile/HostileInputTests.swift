import Foundation
import Logging
import Synchronization
import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP
import WebRouterTesting
@testable import webapp

/// What the network may send, over raw sockets against the live demo server: each case gets
/// the right 4xx (or a correct 2xx/3xx), never a 5xx, and the server answers a normal request
/// right after.
@Suite("Hostile input against the live server", .serialized)
struct HostileInputTests {
    /// One hostile request and the statuses that are a right answer to it.
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let bytes: [UInt8]
        let allowed: ClosedRange<Int>
        var mustBeReadable = true
        var description: String { name }

        init(_ name: String, _ raw: String, _ allowed: ClosedRange<Int>, readable: Bool = true) {
            self.name = name
            self.bytes = Array(raw.utf8)
            self.allowed = allowed
            self.mustBeReadable = readable
        }
        init(_ name: String, bytes: [UInt8], _ allowed: ClosedRange<Int>, readable: Bool = true) {
            self.name = name
            self.bytes = bytes
            self.allowed = allowed
            self.mustBeReadable = readable
        }
    }

    static func get(_ target: String, headers: String = "") -> String {
        "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\(headers)\r\n"
    }

    static let traversal = [
        "/static/../Package.swift", "/static/%2e%2e/Package.swift", "/static/%2E%2E/Package.swift",
        "/static/..%2fPackage.swift", "/static/%2e%2e%2fPackage.swift", "/static//etc/passwd",
        "/static/%2fetc%2fpasswd", "/static/....//Package.swift", "/static/.%2e/Package.swift",
        "/static/..%5cPackage.swift", "/static/%c0%ae%c0%ae/Package.swift", "/%2e%2e/%2e%2e/etc/passwd",
        "/static/style.css%00.png", "/static/.git/config", "/static/../../../../etc/shadow",
    ]

    static let xss = ["<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "' onmouseover='x", "javascript:alert(1)"]

    static var cases: [Case] {
        var cases: [Case] = []
        for path in traversal {
            cases.append(Case("traversal \(path)", get(path), 400...404))
        }
        for path in ["/feed/match/%zz", "/feed/match/%", "/feed/match/%4", "/feed/%ff%fe", "/feed/match/%c0%af", "/search?q=%zz"] {
            cases.append(Case("bad percent-encoding \(path)", get(path), 300...404))
        }
        for path in ["/feed/match/%00", "/feed%01/match", "/search?q=%00%1b"] {
            cases.append(Case("control bytes \(path)", get(path), 300...404))
        }
        cases.append(Case("invalid UTF-8 in the query", get("/search?q=%ff%fe%fd"), 200...404))
        cases.append(Case("raw invalid UTF-8 in the path", bytes: Array("GET /feed/".utf8) + [0xff, 0xfe] + Array(" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), 300...404, readable: false))
        cases.append(Case("a path of 100 000 segments", get("/" + Array(repeating: "a", count: 100_000).joined(separator: "/")), 400...431, readable: false))
        cases.append(Case("a 64 KB URL", get("/search?q=" + String(repeating: "x", count: 65_536)), 400...431, readable: false))
        cases.append(Case("1 000 headers", get("/launch", headers: (0..<1_000).map { "X-H\($0): v\r\n" }.joined()), 400...431, readable: false))
        cases.append(Case("a 50 MB body announced", "POST /welcome/~login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 52428800\r\nConnection: close\r\n\r\n", 413...413))
        cases.append(Case("an unknown method", "BREW /launch HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 501...501))
        cases.append(Case("a method with odd bytes", "G@T /launch HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 400...501, readable: false))
        cases.append(Case("HTTP/1.0", "GET /launch HTTP/1.0\r\n\r\n", 200...200))
        // libmicrohttpd's strict mode answers these two itself: a short HTML page ("Host:"
        // header required) without a Content-Type, which 0.9.75 gives no way to replace.
        cases.append(Case("no Host header", "GET /launch HTTP/1.1\r\nConnection: close\r\n\r\n", 400...400, readable: false))
        cases.append(Case("two Host headers", "GET /launch HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n", 400...400))
        cases.append(Case("a space before a header's colon", "GET /launch HTTP/1.1\r\nHost : 127.0.0.1\r\nConnection: close\r\n\r\n", 400...400, readable: false))
        cases.append(Case("a space before another header's colon", "GET /launch HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept : */*\r\nConnection: close\r\n\r\n", 400...400))
        for payload in xss {
            let encoded = PathSegmentEncodingForTests.encode(payload)
            cases.append(Case("XSS in a context slot \(payload)", get("/launch/" + encoded), 404...404))
            // In a query a space is `+` (a `%20` spelling is answered 308 to it).
            let inQuery = encoded.replacingOccurrences(of: "%20", with: "+")
            cases.append(Case("XSS in a query parameter \(payload)", get("/welcome/~login?next=" + inQuery), 200...200))
        }
        cases.append(Case("a forged session cookie", get("/feed", headers: "Cookie: wr_session=AAAA.BBBB\r\n"), 302...302))
        cases.append(Case("a huge cookie", get("/launch", headers: "Cookie: wr_session=" + String(repeating: "A", count: 6000) + "\r\n"), 200...431, readable: false))
        return cases
    }

    static func startServer(_ configure: (inout ServerConfiguration) -> Void = { _ in }) async throws -> HTTPServer {
        let app = try ScoresApp.application(data: try await DemoData.forTests(), secret: .random())
        var configuration = ServerConfiguration(port: 0)
        configuration.threadCount = 2
        configuration.publicDirectory = Self.publicDirectory
        configure(&configuration)
        var quiet = Logger(label: "hostile")
        quiet.logLevel = .critical
        let server = HTTPServer(configuration: configuration, logger: quiet, accessLogger: quiet, responder: app)
        try server.start()
        return server
    }

    static let publicDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Public").standardized.path

    @Test func everyCaseGetsARightAnswerAndTheServerKeepsServing() async throws {
        let server = try await Self.startServer()
        let cases = Self.cases
        var checked = 0
        for hostile in cases {
            let response = try await LoopbackConnection.exchange(port: server.port, hostile.bytes)
            #expect(hostile.allowed.contains(response.status), "\(hostile): status \(response.status)")
            // 501 Not Implemented is the right answer to a method the server does not know.
            #expect(response.status < 500 || response.status == 501, "\(hostile): a 5xx")
            if hostile.mustBeReadable && response.status >= 400 {
                #expect(response.headers["Content-Type"]?.hasPrefix("text/html") == true, "\(hostile): not a page")
                // Raw on purpose: a bare socket answer, not a TestPage; any heading will do.
                #expect(response.text.contains("<h1>"), "\(hostile): no readable message")
            }
            if hostile.name.contains("XSS") {
                for payload in Self.xss where payload.contains("<") || payload.contains("'") {
                    #expect(!response.text.contains(payload), "\(hostile): reflected unescaped")
                }
                #expect(!response.text.contains("href=\"javascript:"), "\(hostile): a script URL in a link")
            }
            let normal = try await LoopbackConnection.exchange(port: server.port, Self.get("/launch"))
            #expect(normal.status == 200, "after \(hostile): the server stopped answering")
            checked += 1
        }
        print("Hostile input: \(checked) cases answered, the server kept serving after each.")
        #expect(checked == cases.count)
        await server.stop()
    }

    /// Link poisoning: pages never offer a URL on the host a request names, unless the
    /// configuration allows that host.
    @Test func aHostileHostNeverAppearsInAPage() async throws {
        let app = try ScoresApp.application(data: await DemoData.forTests(), secret: .random())
        try await app.test(.live) { client in
            try await client.get("/welcome/~login")
            try await client.fill("Username", with: "demo")
            try await client.fill("Password", with: "demo")
            try await client.press("Sign in").expect(screen: "Feed")
            for host in ["evil.example", "evil.example:8080", "127.0.0.1.evil.example"] {
                client.defaultHeaders = [("Host", host), ("X-Forwarded-Host", "evil.example")]
                for url in ["/feed/~share", "/feed/tournament/5/match/12/~share", "/search/~user/7/~share", "/feed",
                            "/feed/match/12", "/nowhere", "/_map", "/feed/"] {
                    let page = try await client.request(.get, url)
                    #expect(!page.text.contains("evil.example"), "\(url) with Host: \(host)")
                    #expect(page.headers["Location"].map { !$0.contains("evil") } ?? true)
                }
                let share = try await client.get("/feed/match/12/~share")
                let box = try share.element(.textbox("Link to this page"))
                #expect(box.value == "/feed/match/12", "an unknown host gives the local path")
            }
        }
    }

    @Test func aBodyThatStopsHalfWayAndPipelinedRequests() async throws {
        let server = try await Self.startServer()
        let port = server.port
        // Half a body, then the client goes away.
        try await onOwnThread {
            let connection = try LoopbackConnection(port: port)
            try connection.send("POST /welcome/~login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nusername=de")
        }
        // Two requests in one write: two answers, in order.
        let (first, second) = try await onOwnThread {
            let connection = try LoopbackConnection(port: port)
            try connection.send("GET /launch HTTP/1.1\r\nHost: x\r\n\r\nGET /nope HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            return (try connection.readResponse(), try connection.readResponse())
        }
        #expect(first.status == 200 && second.status == 404)
        #expect(try await LoopbackConnection.exchange(port: port, Self.get("/launch")).status == 200)
        await server.stop()
    }

    @Test func aSlowClientIsCutOffAndDoesNotStallOthers() async throws {
        let server = try await Self.startServer { $0.connectionTimeout = 2 }
        let port = server.port
        // A slowloris client: a few bytes of a request line, then nothing.
        let closed = Mutex(false)
        async let slow: Void = onOwnThread {
            let connection = try LoopbackConnection(port: port, timeoutSeconds: 30)
            try connection.send("GET /launch HTTP/1.1\r\nHo")
            _ = try connection.readsEndOfStream()   // returns when the server hangs up
            closed.withLock { $0 = true }
        }
        // Meanwhile others are served.
        for _ in 0..<20 {
            #expect(try await LoopbackConnection.exchange(port: port, Self.get("/launch")).status == 200)
        }
        try await slow
        #expect(closed.withLock { $0 }, "the idle connection was closed by the server's timeout")
        await server.stop()
    }

    @Test func forgedAndExpiredCSRFTokensAre403() async throws {
        let secret = AppSecret.random()
        let app = try ScoresApp.application(data: try await DemoData.forTests(), secret: secret)
        try await app.test(.live) { client in
            let login = try await client.get("/welcome/~login")
            let token = try #require(login.form("sign-in")["_csrf"])
            let fields = [("_action", "sign-in"), ("username", "demo"), ("password", "demo")]
            let forged = try await client.post("/welcome/~login", form: fields + [("_csrf", "x" + token.dropFirst())])
            try forged.expect(status: 403)
            // A token for this very browser, signed with the right secret, but issued two days ago.
            let browserID = try #require(client.cookies["wr_csrf"])
            let twoDaysAgo = Int(Date().timeIntervalSince1970) - 2 * 86_400
            let expired = CSRFProtection(secret: secret).token(for: browserID, now: twoDaysAgo)
            try await client.post("/welcome/~login", form: fields + [("_csrf", expired)]).expect(status: 403)
            #expect(client.cookies["wr_session"] == nil)
            // The fresh token still works.
            let signedIn = try await client.post("/welcome/~login", form: fields + [("_csrf", token)])
            try signedIn.expect(screen: "Feed")
        }
    }
}

/// Percent-encodes a path segment the way a hostile client might (everything non-alphanumeric).
enum PathSegmentEncodingForTests {
    static func encode(_ text: String) -> String {
        text.utf8.map { byte -> String in
            let char = Character(Unicode.Scalar(byte))
            return char.isASCII && (char.isLetter || char.isNumber) ? String(char) : String(format: "%%%02X", byte)
        }.joined()
    }
}
