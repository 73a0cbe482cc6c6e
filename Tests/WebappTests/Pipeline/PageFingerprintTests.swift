import Foundation
import Testing
import WebRouter
@testable import WebRouterTesting
@testable import webapp

/// Every page of the demo's crawl, signed out and signed in, has the bytes it had when
/// `PageFingerprints.txt` was written: a change to the render path (the HTML module, the
/// chrome, the response headers) that alters one byte of one page fails here, with the URL.
///
/// The crawl is breadth-first over the same-site links from `/_map` (signed out) and from
/// the tabs (signed in as `demo`), plus the states no link reaches (404s, stacked modals,
/// the offline page), each requested without `Accept-Encoding`: the bytes the page renders,
/// and its headers but `Date`, `X-Request-Id` and the session cookie, made per request. The
/// app runs on a fixed secret and a stopped clock; the one value still random, the CSRF token
/// (derived from a random per-browser cookie), is replaced by `…` before hashing.
///
/// When a page is meant to change, regenerate the file and commit it with the change:
///
///     WEBROUTER_WRITE_FINGERPRINTS=1 swift test --skip-build --filter PageFingerprintTests
///
/// then read `git diff Tests/WebappTests/Pipeline/PageFingerprints.txt`: only the pages the
/// change means to alter may differ.
@Suite("Every page of the demo's crawl keeps its bytes")
struct PageFingerprintTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("PageFingerprints.txt")

    static let extraSignedOut = [
        "/no-such-page", "/feed/match/abc", "/_webrouter/offline", "/_webrouter/offline?form",
    ]
    static let extraSignedIn = [
        "/no-such-page", "/feed/tournament/999", "/feed/tournament/5/match/99999",
        "/messages/~settings?confirm=sign-out", "/search/~user/7/~share", "/search/~user/7/team/3/~share",
        "/_webrouter/offline", "/_webrouter/offline?form", "/feed/tournament/5/match/12", "/dashboard",
        "/search?q=a", "/search?q=%3Cb%3E%26%22", "/welcome/~login",
    ]

    @Test func everyPageOfTheCrawlHasItsFingerprint() async throws {
        let lines = try await Self.fingerprints()
        let text = lines.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["WEBROUTER_WRITE_FINGERPRINTS"] == "1" {
            try text.write(to: Self.file, atomically: true, encoding: .utf8)
            print("Wrote \(lines.count) fingerprints to \(Self.file.path)")
            return
        }
        let stored = try String(contentsOf: Self.file, encoding: .utf8)
        let expected = stored.split(separator: "\n").map(String.init)
        #expect(lines.count == expected.count, "the crawl reached \(lines.count) pages, the file lists \(expected.count)")
        let expectedByKey = Dictionary(expected.map { (Self.key($0), $0) }, uniquingKeysWith: { first, _ in first })
        for line in lines {
            #expect(expectedByKey[Self.key(line)] == line, "changed: \(line) (was \(expectedByKey[Self.key(line)] ?? "absent"))")
        }
        #expect(lines.count > 100, "the crawl reached only \(lines.count) pages")
    }

    /// `viewer target` of a fingerprint line.
    static func key(_ line: String) -> String {
        line.split(separator: " ").prefix(2).joined(separator: " ")
    }

    /// One line per page: viewer, target, status, body length, body hash, headers hash.
    static func fingerprints() async throws -> [String] {
        let secret = try #require(AppSecret(passphrase: "page fingerprints, a fixed secret"))
        let fixture = try await ScoresFixture(data: DemoData.forTests(), secret: secret) { configuration in
            configuration.clock = { 1_800_000_000 }
        }
        let client = try TestClient(fixture.app, mode: .inProcess)
        let visitor = try await Self.cookies(of: client, after: "/_map")
        try await fixture.signIn(client)
        let member = client.cookies.header ?? ""
        client.cookies = CookieJar()
        // Each target's own answer (a 303 or 308 is fingerprinted as it is, not followed).
        client.followsRedirects = false

        var lines: [String] = []
        for (viewer, cookie, starts, extras) in [
            ("visitor", visitor, ["/_map"], extraSignedOut),
            ("member", member, ["/feed", "/search?q=a", "/messages", "/dashboard", "/_map"], extraSignedIn),
        ] {
            let targets = try await crawl(client, cookie: cookie, from: starts + extras, limit: 400)
            for target in targets {
                let page = try await Self.get(client, target, cookie: cookie)
                lines.append("\(viewer) \(target) \(page.status.code) \(page.body.count) \(Self.hash(Self.masked(page.body))) \(Self.hash(Array(Self.headers(page).utf8)))")
            }
        }
        return lines
    }

    static func get(_ client: TestClient, _ target: String, cookie: String) async throws -> TestPage {
        client.cookies = CookieJar()
        defer { client.cookies = CookieJar() }
        return try await client.request(.get, target, headers: [("Cookie", cookie)])
    }

    /// Breadth-first over the same-site links of pages, at most `limit` targets, in the order found.
    static func crawl(_ client: TestClient, cookie: String, from starts: [String], limit: Int) async throws -> [String] {
        var queue: [String] = []
        var seen = Set<String>()
        for start in starts where seen.insert(start).inserted { queue.append(start) }
        var next = 0
        while next < queue.count && queue.count < limit {
            let page = try await get(client, queue[next], cookie: cookie)
            next += 1
            for link in page.document.all("a", "href") {
                guard let href = link["href"], href.hasPrefix("/"), !href.hasPrefix("//"), !href.contains("#"),
                      !href.hasPrefix("/static/"), seen.insert(href).inserted else { continue }
                queue.append(href)
            }
        }
        return Array(queue.prefix(limit))
    }

    /// The cookies a first visit to `path` sets, as a `Cookie` header.
    static func cookies(of client: TestClient, after path: String) async throws -> String {
        client.cookies = CookieJar()
        try await client.get(path)
        defer { client.cookies = CookieJar() }
        return try #require(client.cookies.header as String?)
    }

    /// The headers as the client sees them, but those made per request.
    static func headers(_ page: TestPage) -> String {
        page.headers.fields
            .filter { !["date", "x-request-id", "set-cookie", "webrouter-account"].contains($0.name.lowercased()) }
            .map { "\($0.name.lowercased()): \($0.value)\n" }
            .joined()
    }

    /// The body with each CSRF token's value (random per browser) replaced by `…`.
    static func masked(_ body: [UInt8]) -> [UInt8] {
        var text = String(decoding: body, as: UTF8.self)
        for marker in ["name=\"_csrf\" value=\"", "\"_csrf\":\""] {
            var searchStart = text.startIndex
            while let found = text.range(of: marker, range: searchStart..<text.endIndex),
                  let end = text[found.upperBound...].firstIndex(of: "\"") {
                text.replaceSubrange(found.upperBound..<end, with: "…")
                searchStart = text.index(found.upperBound, offsetBy: 1)
            }
        }
        return Array(text.utf8)
    }

    /// FNV-1a, 64 bits, in hex: enough to tell a changed byte, not a digest for adversaries.
    static func hash(_ bytes: [UInt8]) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
