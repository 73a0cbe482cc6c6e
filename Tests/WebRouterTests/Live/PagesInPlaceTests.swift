import Foundation
import Testing
import WebRouter
import WebRouterTesting

/// The enhancement script in Chromium (issue 32): a move that lands on the page shown morphs
/// it in place, history stays right, links are prerendered on intent, a slow move shows the
/// pending bar, a form is sent once, and without JavaScript nothing changes.
@Suite("Pages that change in place", .serialized, .enabled(if: WebDriverSessionAvailability.reason == nil))
struct PagesInPlaceTests {
    let tally = Tally()

    @Test func aPostToTheSamePageKeepsScrollFocusTypingAndOpenDetails() async throws {
        try await InPlaceApp.make(tally: tally).test(.browser) { client in
            try await client.get("/board")
            try await client.fill("Draft", with: "half a thought")
            let before = try await client.evaluate("""
                document.getElementById('more').open = true;
                window.__kept = 'the same window';
                var button = document.querySelector('#add-form button');
                button.scrollIntoView({block: 'center'});
                return String(Math.round(window.scrollY));
                """)
            #expect(Int(before) ?? 0 > 200)
            try await client.press("Add one")
            try client.expect(url: "/board", screen: "Board", text: "Added 1")
            #expect(await tally.added == 1)
            let after = try await client.evaluate("""
                return [String(Math.round(window.scrollY)), document.activeElement.textContent, window.__kept || 'a new page',
                        document.getElementById('draft').value, String(document.getElementById('more').open),
                        String(history.length)].join('|');
                """)
            #expect(after == "\(before)|Add one|the same window|half a thought|true|2")
            #expect(try await client.focusedElement()?.name == "Add one")
        }
    }

    @Test func aMorphToAnotherURLPushesOneEntryAndBackRestoresTheEarlierPageAndScroll() async throws {
        try await InPlaceApp.make(tally: tally).test(.browser) { client in
            try await client.get("/board")
            let scrolled = try await client.evaluate("""
                window.__kept = 'the same window';
                document.querySelectorAll('form')[1].querySelector('button').scrollIntoView({block: 'center'});
                return String(Math.round(window.scrollY));
                """)
            let length = try await client.evaluate("return String(history.length)")
            try await client.press("Open detail")
            try client.expect(url: "/board/detail", screen: "Detail", breadcrumb: ["Board", "Detail"])
            #expect(try await client.evaluate("return [document.title, window.__kept, String(history.length), String(Math.round(scrollY))].join('|')")
                    == "Detail · Live|the same window|\((Int(length) ?? 0) + 1)|0")

            try await client.goBack()
            try client.expect(url: "/board", screen: "Board", text: "Added 0")
            #expect(try await client.evaluate("return [document.title, window.__kept, String(Math.round(scrollY))].join('|')")
                    == "Board · Live|the same window|\(scrolled)")

            try await client.goForward()
            try client.expect(url: "/board/detail", screen: "Detail")
            // What the morph made is what a fresh load of the URL gives.
            let morphed = try await client.evaluate("return document.title + '|' + document.body.getAttribute('data-screen') + '|' + document.querySelector('main').innerText")
            try await client.reload()
            try client.expect(url: "/board/detail", screen: "Detail")
            #expect(try await client.evaluate("return document.title + '|' + document.body.getAttribute('data-screen') + '|' + document.querySelector('main').innerText") == morphed)
            #expect(try await client.evaluate("return String(window.__kept)") == "undefined")   // a reload is a new document
        }
    }

    /// Prerendered (the app's choice) or prefetched (the default): either way the page is
    /// asked for once, as a speculation, the click shows it without a second request, and the
    /// page shown reports the visit.
    @Test(arguments: [true, false])
    func aLinkHoveredIsSpeculatedAndFollowedWithoutASecondRequest(prerenders: Bool) async throws {
        let views = ViewCounter()
        try await InPlaceApp.make(tally: tally, observer: views, prerenders: prerenders).test(.browser) { client in
            try await client.get("/board")
            // The service worker (issue 46) controls the page first: a speculation made before
            // it did is not used by a navigation it then answers.
            try await waitFor("the service worker") {
                (try? await client.evaluate("return String(navigator.serviceWorker.controller !== null)")) == "true"
            }
            let session = try await client.webDriverSession()
            let link = try await session.findElement(css: "a[href=\"/board/detail\"]")
            _ = try await session.execute("arguments[0].scrollIntoView({block: 'center'}); return null", [link.reference])
            try await session.hover(link)
            try await waitFor("the speculative request") { await tally.requests(for: "/board/detail").speculative == 1 }
            #expect(views.screens == ["Board"])   // a prerender is not a visit
            try await client.click(.link("Detail"))
            try client.expect(url: "/board/detail", screen: "Detail")
            let requests = await tally.requests(for: "/board/detail")
            #expect(requests.visits == 0 && requests.speculative == 1)
            // Shown from the speculation, the page reports its visit once, without a second
            // render (issue 44): route observers see it.
            try await waitFor("the reported visit") { views.screens == ["Board", "Detail"] }
            #expect(await tally.requests(for: "/board/detail").visits == 0)
            // Back after a prerendered page's activation times out in chromedriver ("Timed out
            // receiving message from renderer"; a script's history.back() too), which is why
            // prefetch is the default; after a prefetch it is an ordinary Back.
            if !prerenders {
                try await client.goBack()
                try client.expect(url: "/board", screen: "Board")
            }
        }
    }

    @Test func aSlowMoveShowsThePendingBarAndMarksTheRegionBusy() async throws {
        let door = SlowDoor()
        try await InPlaceApp.make(tally: tally, door: door).test(.browser) { client in
            try await client.get("/board")
            let session = try await client.webDriverSession()
            #expect(try await client.evaluate("return String(!!document.querySelector('.wr-progress-active'))") == "false")
            let marker = try await session.markDocument()
            _ = try await client.evaluate("document.getElementById('slow-form').requestSubmit(); return null")
            try await waitFor("the slow move's request") { await door.arrivals == 1 }
            try await waitFor("the pending bar") {
                (try? await client.evaluate("""
                    var bar = document.querySelector('.wr-progress-active[role=status]');
                    return String(!!bar && bar.textContent === 'Loading…' && document.getElementById('main').getAttribute('aria-busy') === 'true');
                    """)) == "true"
            }
            await door.open()
            try await session.waitForNewDocument(after: marker)
            try await client.browserPageChanged(by: "press Add slowly", newVisit: false)
            try client.expect(url: "/board", screen: "Board", text: "Added 1")
            #expect(try await client.evaluate("return String(!!document.querySelector('.wr-progress-active') || document.getElementById('main').hasAttribute('aria-busy'))") == "false")
        }
    }

    @Test func aDoubleSubmitSendsOnePost() async throws {
        try await InPlaceApp.make(tally: tally).test(.browser) { client in
            try await client.get("/board")
            let session = try await client.webDriverSession()
            try await session.expectNavigation {
                _ = try await client.evaluate("""
                    var form = document.getElementById('add-form');
                    form.requestSubmit(); form.requestSubmit();
                    form.querySelector('button').click();
                    return null;
                    """)
            }
            try await client.browserPageChanged(by: "double submit", newVisit: false)
            try client.expect(url: "/board", text: "Added 1")
            #expect(await tally.added == 1)
            // Once answered, the form can be sent again.
            try await client.press("Add one")
            try client.expect(url: "/board", text: "Added 2")
        }
    }

    @Test func withoutJavaScriptAPostLoadsANewPage() async throws {
        try await InPlaceApp.make(tally: tally).test(.browser, browser: BrowserOptions(javaScript: false)) { client in
            try await client.get("/board")
            try await client.press("Add one")
            try client.expect(url: "/board", screen: "Board", text: "Added 1")
            try await client.press("Open detail")
            try client.expect(url: "/board/detail", screen: "Detail")
        }
    }

    @Test func withMotionAMorphToAnotherScreenAnimatesAsAPush() async throws {
        try await InPlaceApp.make(tally: tally).test(.browser, browser: BrowserOptions(reducedMotion: false)) { client in
            try await client.get("/board")
            _ = try await client.evaluate("window.__kept = 'the same window'; return null")
            try await client.press("Open detail")
            try client.expect(url: "/board/detail", screen: "Detail")
            #expect(try await client.evaluate("return document.documentElement.getAttribute('data-move') + '|' + window.__kept") == "push|the same window")
        }
    }

    @Test(arguments: [true, false])
    func pagesNameTheirSpeculationRulesAndTheRulesFileIsServed(prerenders: Bool) async throws {
        try await InPlaceApp.make(tally: tally, prerenders: prerenders).test { client in
            let page = try await client.get("/board")
            let header = try #require(page.headers["Speculation-Rules"])
            let name = prerenders ? "speculation-rules" : "speculation-prefetch"
            #expect(header.hasPrefix("\"/_webrouter/\(name).") && header.hasSuffix(".json\""))
            let rules = try await client.get(String(header.dropFirst().dropLast()))
            #expect(rules.headers["Content-Type"] == "application/speculationrules+json")
            let json = try JSONSerialization.jsonObject(with: Data(rules.body)) as? [String: Any]
            #expect(json?[prerenders ? "prerender" : "prefetch"] != nil)
            #expect(json?[prerenders ? "prefetch" : "prerender"] == nil)
        }
    }

    @Test func aPrefetchIsNotAVisit() async throws {
        let views = ViewCounter()
        try await InPlaceApp.make(tally: tally, observer: views).test { client in
            let page = try await client.request(.get, "/board/detail", headers: [("Sec-Purpose", "prefetch;prerender")])
            #expect(page.status.code == 200)
            #expect(!(page.headers["Set-Cookie"] ?? "").contains("wr_tabs"))   // no tab memory written
            #expect(views.screens.isEmpty)
            try await client.get("/board/detail")
            #expect(views.screens == ["Detail"])
        }
    }

    private func waitFor(_ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () async -> Bool) async throws {
        for _ in 0..<300 {
            if await condition() { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("never happened: \(what)", sourceLocation: sourceLocation)
        throw CancellationError()
    }
}

/// The screens route observers were told about.
final class ViewCounter: RouteObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [String] = []
    var screens: [String] { lock.withLock { seen } }
    func screenViewed(_ view: ScreenView) { lock.withLock { seen.append(view.screen) } }
    func moved(_ move: RouteMove) {}
}
