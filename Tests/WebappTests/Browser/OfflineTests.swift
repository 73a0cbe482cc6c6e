import Testing
import WebRouter
import WebRouterTesting
@testable import webapp

extension TestClient {
    /// Waits until the service worker controls the page.
    func waitForServiceWorker(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        // Installing keeps the chrome's files and the offline pages first: on a loaded machine, a while.
        try await waitUntil("the service worker to control the page", timeout: .seconds(60), sourceLocation: sourceLocation,
                            "return navigator.serviceWorker && navigator.serviceWorker.controller !== null")
    }

    /// The paths (with their queries) of the pages the worker keeps, polled until `done` says so.
    func waitForKeptPages(_ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ done: String) async throws {
        do { try await keptPagesWait(what, sourceLocation: sourceLocation, done) } catch {
            let kept = try await evaluate("return JSON.stringify(window.__kept || null)")
            Issue.record("the kept pages: \(kept)", sourceLocation: sourceLocation)
            throw error
        }
    }

    private func keptPagesWait(_ what: String, sourceLocation: SourceLocation, _ done: String) async throws {
        try await waitUntil(what, timeout: .seconds(30), sourceLocation: sourceLocation, """
            caches.open('webrouter-pages').then((c) => c.keys()).then((requests) => {
              window.__kept = requests.map((r) => { const u = new URL(r.url); return u.pathname + u.search; });
            });
            const kept = window.__kept || [];
            return \(done);
            """)
    }

    /// Takes the network away (or gives it back) with DevTools' network emulation, for the page
    /// and for the service worker, whose fetches the page's emulation does not cover.
    func emulateOffline(_ offline: Bool) async throws {
        let session = try await webDriverSession()
        let conditions: JSONValue = ["offline": .bool(offline), "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1]
        _ = try await session.devTools("Network.enable")
        _ = try await session.devTools("Network.emulateNetworkConditions", conditions)
        let targets = try await session.devTools("Target.getTargets")["targetInfos"]?.arrayValue ?? []
        for target in targets where target["type"]?.stringValue == "service_worker" {
            guard let id = target["targetId"]?.stringValue else { continue }
            let attached = try await session.devTools("Target.attachToTarget", ["targetId": .string(id), "flatten": false])
            guard let worker = attached["sessionId"]?.stringValue else { continue }
            for (number, (method, parameters)) in [("Network.enable", "{}"),
                                                   ("Network.emulateNetworkConditions", conditions.serialized)].enumerated() {
                let message = "{\"id\":\(number + 1),\"method\":\"\(method)\",\"params\":\(parameters)}"
                _ = try await session.devTools("Target.sendMessageToTarget", ["sessionId": .string(worker), "message": .string(message)])
            }
        }
    }
}

extension BrowserTests {
    /// Offline that tells the truth: with the network emulated offline, a page visited before
    /// is shown from the worker's cache marked offline, a page never visited shows the offline
    /// page in the chrome, a form says it was not sent, and after sign-out nothing signed-in is
    /// served from the cache.
    @Suite("Offline")
    struct OfflineTests {
        @Test func aVisitedPageShowsFromTheCacheMarkedOffline() async throws {
            try await Browser.test { client in
                try await client.signIn(landingOn: "/feed", screen: "Feed")
                try await client.waitForServiceWorker()
                try await client.get("/feed/match/12")
                try client.expect(url: "/feed/match/12", screen: "Match")
                let title = try #require(client.page?.title)
                try await client.waitForKeptPages("the match page kept", "kept.includes('/feed/match/12') && kept.includes('/feed')")

                try await client.emulateOffline(true)
                let kept = try await client.get("/feed/match/12")
                #expect(kept.screen == "Match")
                #expect(kept.title == title)
                let notice = try #require(kept.document.first { $0.tag == "aside" && $0["class"] == "offline-notice" })
                #expect(notice["aria-label"] == "Offline")
                #expect(notice.visibleText(excluding: nil).contains("You are offline"))
                #expect(kept.document.first { $0.tag == "body" }?["data-offline"] != nil)

                // A state never opened: the offline page, in the chrome (the signed-in tab bar).
                let never = try await client.get("/feed/tournament/5")
                #expect(never.screen == "Offline")
                #expect(never.visibleText.contains("You are offline"))
                #expect(never.tabs.map(\.label) == ["Feed", "Search", "Dashboard", "Messages"])
                // The first page, loaded before the worker, was kept as well; and `/`, the
                // installed app's start, leads to it as online.
                #expect(try await client.get("/feed").screen == "Feed")
                let start = try await client.get("/")
                #expect(start.url == "/feed" && start.screen == "Feed")

                // axe-core finds nothing on a kept page with its notice, nor on the offline page.
                if let axePath = AccessibilityTests.axePath, let axeSource = try? String(contentsOfFile: axePath, encoding: .utf8) {
                    try await client.webDriverSession().setScriptTimeout(.seconds(60))
                    let audit = AccessibilityTests.Audit(client, axeSource: axeSource)
                    try await client.get("/feed/match/12")
                    try await audit.run("/feed/match/12 (kept, offline)")
                    try await client.get("/feed/tournament/5")
                    try await audit.run("/feed/tournament/5 (never visited, offline)")
                    #expect(audit.violations.isEmpty, "axe-core found violations:\n\(audit.report)")
                }
                try await client.emulateOffline(false)
            }
        }

        @Test func aFormSentOfflineSaysItWasNotSent() async throws {
            try await Browser.test { client in
                try await client.signIn(landingOn: "/dashboard", screen: "Dashboard")
                try await client.waitForServiceWorker()
                try await client.get("/dashboard/~edit/name")
                try await client.waitForKeptPages("the form kept", "kept.includes('/dashboard/~edit/name')")
                try await client.emulateOffline(true)
                try await client.get("/dashboard/~edit/name")
                try await client.fill("Display name", with: "Ada")
                let page = try await client.press("Next")
                #expect(page.screen == "Offline")
                #expect(page.visibleText.contains("Your form was not sent"))
                try await client.emulateOffline(false)
            }
        }

        @Test func afterSignOutNoSignedInPageIsServedFromTheCache() async throws {
            try await Browser.test { client in
                try await client.signIn(landingOn: "/feed/match/12", screen: "Match")
                try await client.waitForServiceWorker()
                try await client.get("/messages")
                try await client.waitForKeptPages("the signed-in pages kept", "kept.includes('/feed/match/12') && kept.includes('/messages')")
                try await client.get("/messages/~settings?confirm=sign-out")
                try await client.press("Sign out")
                try client.expect(url: "/welcome", screen: "Welcome")
                try await client.waitForKeptPages("the signed-in pages dropped",
                                                  "kept.includes('/welcome') && !kept.includes('/feed/match/12') && !kept.includes('/messages')")
                try await client.emulateOffline(true)
                for url in ["/feed/match/12", "/messages"] {
                    let page = try await client.get(url)
                    #expect(page.screen == "Offline", "\(url)")
                    // The offline page of the signed-out visitor: not the signed-in tab bar.
                    #expect(!page.tabs.map(\.label).contains("Messages"), "\(url)")
                }
                try await client.emulateOffline(false)
            }
        }
    }
}
