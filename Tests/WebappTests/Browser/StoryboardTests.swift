import Testing
import WebRouter
import WebRouterTesting
@testable import webapp

extension BrowserTests {
    /// The storyboard page `/_map` in a real browser: the drawing pans inside its own region
    /// instead of widening the page, its miniatures load (same-origin framing is allowed there)
    /// without taking focus, and it is saved as docs/screenshots/storyboard.png (1280 px) and
    /// storyboard-phone.png (390 px). (Was Tests/Browser/test_storyboard.py.)
    @Suite("The storyboard page")
    struct StoryboardTests {
        /// Every miniature in the visible part of the region has loaded its page (lazy frames
        /// further away have not been asked to yet).
        static let visibleFramesLoaded = """
            const canvas = document.querySelector('.sb-canvas').getBoundingClientRect();
            return [...document.querySelectorAll('.sb-mini iframe')].filter(f => {
              const r = f.getBoundingClientRect();
              return r.right > canvas.left && r.left < canvas.right && r.bottom > 0 && r.top < innerHeight;
            }).every(f => f.contentDocument && f.contentDocument.readyState === 'complete'
                          && f.contentDocument.body && f.contentDocument.body.dataset.screen);
            """

        /// Signs in (the miniatures then show the signed-in screens) and opens `/_map`.
        static func openMap(_ client: TestClient, sourceLocation: SourceLocation = #_sourceLocation) async throws {
            try await client.signIn(sourceLocation: sourceLocation)
            try await client.get("/_map")
            try client.expect(url: "/_map", screen: "Storyboard", sourceLocation: sourceLocation)
            try await client.waitUntil("the visible miniatures to load", timeout: .seconds(30), sourceLocation: sourceLocation,
                                       visibleFramesLoaded)
        }

        static let route = #".sb-branch[data-route="/search/~user/{Int}/team/{Int}"]"#

        @Test(arguments: [(BrowserOptions(width: 1280, height: 1500), "storyboard.png"), (Browser.phone, "storyboard-phone.png")])
        func theStoryboardPansInItsRegionAndFramesItsOwnPages(_ options: BrowserOptions, _ name: String) async throws {
            try await Browser.test(options) { client in
                try await Self.openMap(client)
                // The page itself never scrolls sideways; the drawing does, inside its region.
                #expect(try await client.isTrue("document.documentElement.scrollWidth <= document.documentElement.clientWidth"),
                        "the page is wider than \(options.width) px")
                let canvas = #".sb-canvas[role="region"][tabindex="0"]"#
                #expect(try await client.isTrue("(c => c.scrollWidth > c.clientWidth)(document.querySelector(\(jsString(canvas))))"))
                // Every card is there, with a miniature that rendered its screen, and nothing in a
                // miniature took the focus.
                let cards = client.page?.document.all { $0.hasClass("sb-card") }.count ?? 0
                #expect(cards > 20)
                #expect(try await client.evaluate("return document.querySelector('.sb-mini iframe').contentDocument.body.dataset.screen") == "Launch")
                #expect(try await client.isTrue("document.activeElement === document.body"))
                try await client.saveScreenshot(name)
                // Keyboard users pan it: focus the region, then the arrow keys scroll it.
                _ = try await client.evaluate("document.querySelector(\(jsString(canvas))).focus(); return null")
                try await client.type([.arrowRight, .arrowRight, .arrowRight], intoCSS: canvas, navigates: false)
                try await client.waitUntil("the region to scroll sideways", "return document.querySelector(\(jsString(canvas))).scrollLeft > 0")
            }
        }

        @Test func everyCardLinksToItsScreen() async throws {
            try await Browser.test(Browser.wide) { client in
                try await Self.openMap(client)
                let link = try #require(client.page?.document.first { $0.hasClass("sb-branch") && $0["data-route"] == "/search/~user/{Int}/team/{Int}" }?
                    .first { $0.hasClass("sb-link") }?["href"])
                // A click anywhere on the card (here: on its miniature) follows its link, as a
                // person clicks: with the pointer.
                let session = try await client.webDriverSession()
                let mini = try await session.findElement(css: "\(Self.route) > .sb-card .sb-mini")
                _ = try await session.execute("arguments[0].scrollIntoView({block: 'center', inline: 'center'}); return null", [mini.reference])
                try await session.expectNavigation { try await session.pointerClick(mini) }
                try await client.browserPageChanged(by: "pointer click on the miniature")
                try client.expect(url: link, screen: "Team")
            }
        }
    }
}
