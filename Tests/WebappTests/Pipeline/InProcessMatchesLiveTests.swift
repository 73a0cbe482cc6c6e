import Foundation
import Testing
import WebRouter
@testable import WebRouterTesting
@testable import webapp

/// The in-process mode is the server's own pipeline without the socket: over a crawl of the
/// demo (pages, 404s, 308s, static files and the chrome's assets, HEAD, gzip, JSON page state,
/// a 413, malformed requests, `OPTIONS *`, `Content-Length` with `Transfer-Encoding`), every
/// request gets the same status, headers (but `Date` and `X-Request-Id`, made per request) and
/// body bytes in process as live.
@Suite("In process is the live server without the socket")
struct InProcessMatchesLiveTests {
    /// One request of the crawl.
    struct Probe: CustomStringConvertible {
        var method: HTTPMethod = .get
        var target: String
        var headers: [(String, String)] = []
        var body: [UInt8] = []
        var description: String { "\(method.rawValue) \(target) \(headers.map { "\($0.0): \($0.1)" })" }
    }

    /// What one mode answered, as a client sees it.
    struct Answer: Equatable {
        var status: Int
        var headers: [String]
        var body: [UInt8]
    }

    static let publicDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Public").path

    @Test func aCrawlOfTheDemoGetsTheSameBytesInProcessAndLive() async throws {
        let fixture = try await ScoresFixture()
        // The same app on a stopped clock: CSRF tokens carry their issue second, and the two
        // modes must not disagree because a second passed between them.
        var configuration = fixture.app.configuration
        let now = configuration.clock()
        configuration.clock = { now }
        let app = Application(table: fixture.app.table, configuration: configuration)
        let inProcess = try TestClient(app, mode: .inProcess, publicDirectory: Self.publicDirectory)
        try await app.test(.live, publicDirectory: Self.publicDirectory) { live in
            try await Self.compare(inProcess, live, fixture: fixture)
        }
    }

    /// The headers with the session cookie's value replaced by `…`.
    static let maskingSessionCookie: @Sendable ([String]) -> [String] = { headers in
        headers.map { header in
            // The account a new session names for the service worker is as new as the session.
            if header.hasPrefix("webrouter-account: ") { return "webrouter-account: …" }
            guard header.hasPrefix("set-cookie: wr_session="), let end = header.firstIndex(of: ";") else { return header }
            return "set-cookie: wr_session=…" + header[end...]
        }
    }

    static func compare(_ inProcess: TestClient, _ live: TestClient, fixture: ScoresFixture) async throws {
        // One browser and one signed-in session for both modes, so cookies and CSRF tokens agree.
        let visitor = try await Self.cookies(of: inProcess, after: "/_map")
        try await fixture.signIn(inProcess)
        let member = inProcess.cookies.header ?? ""
        inProcess.cookies = CookieJar()
        for client in [inProcess, live] { client.followsRedirects = false }

        var probes = try await Self.crawl(inProcess, cookie: visitor, from: ["/_map"], limit: 70)
        probes += try await Self.crawl(inProcess, cookie: member, from: ["/feed", "/search?q=a", "/messages"], limit: 40)
        let page = try #require(probes.first { $0.target == "/_map" })
        let chromeAsset = try await Self.chromeStylesheet(inProcess, cookie: visitor)
        let gzip = ("Accept-Encoding", "gzip, deflate, br")
        let json = ("Accept", "application/json")
        probes += [
            Probe(target: "/no-such-page", headers: [("Cookie", visitor)]),
            Probe(target: "/feed/match/abc", headers: [("Cookie", member)]),
            Probe(target: "/feed/", headers: [("Cookie", member)]),
            Probe(target: "/feed//tournament/5", headers: [("Cookie", member)]),
            Probe(target: "/feed/tournament/5/match/12", headers: [("Cookie", member), gzip]),
            Probe(target: "/search?q=a", headers: [("Cookie", member), gzip]),
            Probe(target: "/feed/tournament/5/match/12", headers: [("Cookie", member), json]),
            Probe(target: "/feed/tournament/5/match/12", headers: [("Cookie", member), json, gzip]),
            Probe(target: "/no-such-page", headers: [("Cookie", member), json]),
            Probe(method: .head, target: "/feed", headers: [("Cookie", member)]),
            Probe(method: .head, target: page.target, headers: [("Cookie", visitor), gzip]),
            Probe(target: "/static/scores.css"),
            Probe(target: "/static/scores.css", headers: [gzip]),
            Probe(method: .head, target: "/static/favicon.svg"),
            Probe(target: "/static/missing.css"),
            Probe(method: .post, target: "/static/scores.css"),
            Probe(target: chromeAsset, headers: [gzip]),
            Probe(method: .head, target: chromeAsset),
            Probe(target: "/_webrouter/old.css"),
            Probe(method: .options, target: "/feed", headers: [("Cookie", member)]),
            Probe(method: .delete, target: "/feed", headers: [("Cookie", member)]),
            Probe(method: HTTPMethod(rawValue: "BREW"), target: "/feed", headers: [("Cookie", member)]),
            Probe(target: "/feed/%zz", headers: [("Cookie", member)]),
            Probe(target: "/feed", headers: [("Host", "a.example"), ("Host", "b.example")]),
            Probe(method: .post, target: "/welcome/~login", headers: [("Cookie", visitor), ("Content-Type", "application/x-www-form-urlencoded")],
                  body: Array(repeating: UInt8(ascii: "a"), count: (1 << 20) + 1)),
            // Step 1's own answers: the server's methods, and a body framed two ways (400, closed).
            Probe(method: .options, target: "*"),
            Probe(method: .options, target: "*", headers: [("Cookie", member)]),
            Probe(method: .post, target: "/welcome/~login",
                  headers: [("Cookie", visitor), ("Content-Type", "application/x-www-form-urlencoded"), ("Transfer-Encoding", "chunked")],
                  body: Array("0\r\n\r\n".utf8)),
        ]
        // Conditional and form requests: a 304, a 422 (a wrong password) and a 303 (the right one).
        let styles = try await inProcess.request(.get, "/static/scores.css")
        let etag = try #require(styles.headers["ETag"])
        probes.append(Probe(target: "/static/scores.css", headers: [("If-None-Match", etag)]))
        let login = try await inProcess.request(.get, "/welcome/~login", headers: [("Cookie", visitor)])
        inProcess.cookies = CookieJar()
        let hidden = login.document.all("input", "type", "hidden").compactMap { input in
            input["name"].map { "\($0)=\((input["value"] ?? "").addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
        }
        #expect(hidden.contains { $0.hasPrefix("_csrf=") })
        for password in ["wrong", "demo"] {
            let form = (hidden + ["username=demo", "password=\(password)"]).joined(separator: "&")
            probes.append(Probe(
                method: .post, target: "/welcome/~login",
                headers: [("Cookie", visitor), ("Content-Type", "application/x-www-form-urlencoded")], body: Array(form.utf8)))
        }
        #expect(probes.count >= 100, "the crawl found \(probes.count) requests")

        var statuses: Set<Int> = []
        for probe in probes {
            let local = try await Self.answer(inProcess, probe)
            let remote = try await Self.answer(live, probe)
            statuses.insert(local.status)
            #expect(local.status == remote.status, "\(probe)")
            // A sign-in starts a new session, whose id is random: only that value may differ.
            let masked = probe.method == .post ? Self.maskingSessionCookie : { $0 }
            #expect(masked(local.headers) == masked(remote.headers), "\(probe)")
            #expect(local.body == remote.body, "\(probe): \(local.body.count) bytes in process, \(remote.body.count) live")
        }
        // The crawl reached each kind of answer it means to compare.
        #expect(statuses.isSuperset(of: [200, 204, 302, 303, 304, 308, 400, 404, 405, 413, 422, 501]), "\(statuses.sorted())")
    }

    /// The cookies a first visit to `path` sets, as a `Cookie` header.
    static func cookies(of client: TestClient, after path: String) async throws -> String {
        client.cookies = CookieJar()
        try await client.get(path)
        defer { client.cookies = CookieJar() }
        return try #require(client.cookies.header as String?)
    }

    /// One request sent the same way to either mode, with no cookie but the probe's.
    static func answer(_ client: TestClient, _ probe: Probe) async throws -> Answer {
        client.cookies = CookieJar()
        let page = try await client.request(probe.method, probe.target, headers: probe.headers, body: probe.body)
        client.cookies = CookieJar()
        let headers = page.headers.fields
            .filter { $0.name.lowercased() != "date" && $0.name.lowercased() != "x-request-id" }
            .map { "\($0.name.lowercased()): \($0.value)" }
        // The transports may order their own framing fields differently; same-name fields keep their order.
        return Answer(status: page.status.code, headers: headers.enumerated().sorted {
            ($0.element.prefix { $0 != ":" }, $0.offset) < ($1.element.prefix { $0 != ":" }, $1.offset)
        }.map(\.element), body: page.body)
    }

    /// Breadth-first over the same-site links of pages, at most `limit` targets.
    static func crawl(_ client: TestClient, cookie: String, from starts: [String], limit: Int) async throws -> [Probe] {
        var queue = starts
        var seen = Set(starts)
        var probes: [Probe] = []
        var next = 0
        while next < queue.count && probes.count < limit {
            let target = queue[next]
            next += 1
            let probe = Probe(target: target, headers: [("Cookie", cookie)])
            probes.append(probe)
            client.cookies = CookieJar()
            let page = try await client.request(.get, target, headers: probe.headers)
            for link in page.document.all("a", "href") {
                guard let href = link["href"], href.hasPrefix("/"), !href.hasPrefix("//"), !href.contains("#"),
                      !href.hasPrefix("/static/"), seen.insert(href).inserted else { continue }
                queue.append(href)
            }
        }
        client.cookies = CookieJar()
        return probes
    }

    /// The URL of the chrome's stylesheet, as a page links it.
    static func chromeStylesheet(_ client: TestClient, cookie: String) async throws -> String {
        let page = try await client.request(.get, "/_map", headers: [("Cookie", cookie)])
        client.cookies = CookieJar()
        let link = page.document.first(where: { $0.tag == "link" && ($0["href"] ?? "").hasPrefix("/_webrouter/") && ($0["href"] ?? "").hasSuffix(".css") })
        return try #require(link?["href"])
    }
}
