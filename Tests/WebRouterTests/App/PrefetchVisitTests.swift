import Foundation
import Logging
import Synchronization
import Testing
@testable import WebRouter
@testable import WebRouterHTTP
import WebRouterTesting

/// Issue 44: a navigation served from a prefetch never reached the server, so the visit was
/// never seen. The page, once shown, reports itself to `/_webrouter/visit`: route observers
/// see it once, the tab remembers it, the access log names it, and nothing renders again.
@Suite struct PrefetchVisitTests {
    @Test func aReportedVisitIsSeenOnceWithoutARender() async throws {
        let recorder = Recorder()
        let app = try ParityApp.make(observer: recorder)
        try await app.test { client in
            // The prefetch: answered, but no visit.
            let prefetched = try await client.request(.get, "/lobby/game/7", headers: [("Sec-Purpose", "prefetch")])
            #expect(prefetched.status == .ok)
            #expect(recorder.views.withLock { $0.count } == 0)
            // The page is shown from the prefetch: the script reports it.
            let report = try await client.request(
                .post, "/_webrouter/visit", headers: [("Sec-Fetch-Site", "same-origin"), ("Content-Type", "text/plain")],
                body: Array("/lobby/game/7".utf8))
            #expect(report.status == .noContent)
            #expect(report.body.isEmpty, "no second render")
            let views = recorder.views.withLock { $0 }
            #expect(views.map(\.url) == ["/lobby/game/7"])
            #expect(report.headers.values(for: "Set-Cookie").contains { $0.hasPrefix(TabMemory.cookieName + "=") },
                    "the tab remembers the page")
        }
    }

    @Test func anotherSitesReportIsRefused() async throws {
        let recorder = Recorder()
        let app = try ParityApp.make(observer: recorder)
        try await app.test { client in
            let report = try await client.request(
                .post, "/_webrouter/visit", headers: [("Sec-Fetch-Site", "cross-site")], body: Array("/lobby/game/7".utf8))
            #expect(report.status == .forbidden)
            let nothing = try await client.request(
                .post, "/_webrouter/visit", headers: [("Sec-Fetch-Site", "same-origin")], body: Array("https://evil.example/".utf8))
            #expect(nothing.status == .noContent)
            #expect(recorder.views.withLock { $0.isEmpty })
        }
    }

    @Test func theAccessLogNamesTheVisitedPage() async throws {
        let capture = LogCapture()
        let log = AccessLog(logger: Logger(label: "visits") { _ in capture })
        let app = try ParityApp.make()
        let pipeline = RequestPipeline(responder: app, configuration: ServerConfiguration(), accessLog: log)
        let response = await pipeline.respond(to: IncomingRequest(
            method: "POST", target: "/_webrouter/visit", headers: ["Host": "127.0.0.1", "Sec-Fetch-Site": "same-origin"],
            body: Array("/lobby/game/7".utf8)))
        #expect(response.status == .noContent)
        #expect(capture.messages.contains { $0.hasPrefix("GET /lobby/game/7 204") && $0.hasSuffix("shown-from-prefetch") },
                "\(capture.messages)")
    }

    @Test func theScriptReportsAPageShownFromAPrefetchOrAPrerender() throws {
        let script = String(decoding: PackageResources.webrouter_js, as: UTF8.self)
        #expect(script.contains("\"/_webrouter/visit\""))
        #expect(script.contains("navigational-prefetch") && script.contains("prerenderingchange"))
    }
}
