import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP
import WebRouterTesting

/// Complete pages for states of the seed-shaped tree and the notes app: chrome landmarks,
/// escaping, tab memory, error pages and headers.
@Suite("Pages over HTTP")
struct PagesTests {
    let seedApp = Application(table: SeedTree.table, configuration: .init(appName: "Scores"))

    @Test func aThreeLevelStack() async throws {
        try await seedApp.test(.live) { client in
            let page = try await client.get("/dashboard/league/2/tournament/5/match/12")
            try page.expect(screen: "Match", selectedTab: "Dashboard",
                            breadcrumb: ["Dashboard", "League", "Tournament 5", "Match 12"], modals: [])
            #expect(page.title == "Match 12 · Scores")
            #expect(page.layers.first?.breadcrumb.map(\.href) == ["/dashboard", "/dashboard/league/2", "/dashboard/league/2/tournament/5", nil])
            #expect(page.tabs.map(\.label) == ["Feed", "Search", "Dashboard", "Messages"])
        }
    }

    @Test func aModalWithItsOwnStackOverAStack() async throws {
        try await seedApp.test { client in
            let page = try await client.get("/search/~user/7/team/3")
            try page.expect(screen: "Team", selectedTab: "Search", breadcrumb: ["Player 7", "Team 3"], modals: ["Team"])
            #expect(page.baseScreen == "Search")
            #expect(page.layers.map(\.breadcrumb).filter { !$0.isEmpty }.map { $0.map(\.label) } == [["Search"], ["Player 7", "Team 3"]])
            #expect(page.modals.first?.dismiss == "/search")
            #expect(page.modals.first?.style == "sheet")
        }
    }

    @Test func nestedModalsAndDismissingTheTopOne() async throws {
        try await seedApp.test { client in
            let page = try await client.get("/dashboard/user/7/~team/3")
            try page.expect(screen: "Team", modals: ["Team"])
            #expect(page.baseScreen == "Player")
            let dismissed = try await client.dismiss(from: page)
            try dismissed.expect(screen: "Player", breadcrumb: ["Dashboard", "Player 7"], modals: [])
            let back = try await client.back(from: dismissed)
            try back.expect(screen: "Dashboard", breadcrumb: ["Dashboard"])
        }
    }

    @Test func fullScreenCoverStyle() async throws {
        try await seedApp.test { client in
            let page = try await client.get("/dashboard/~edit")
            #expect(page.modals.first?.style == "full-screen-cover")
            #expect(page.modals.first?.breadcrumb.isEmpty == true)
        }
    }

    @Test func typedDeepLinks() async throws {
        try await seedApp.test { client in
            let builder = try #require(seedApp.root().tab(Feed.self)?.move(\.tournament, 5).move(\.match, 12))
            let page = try await client.get(builder)
            #expect(page.url == "/feed/tournament/5/match/12")
            try page.expect(screen: "Match")
        }
    }

    @Test func hostileTextIsEscapedEverywhere() async throws {
        try await NotesApp.make().test { client in
            _ = try await client.submit("sign-in", on: client.get("/sign-in"), ["username": "<b>ada</b>\"'&"])
            let page = try await client.get("/notes")
            // Raw on purpose: the escaping of the bytes is the behaviour under test.
            #expect(page.text.contains("Notes of &lt;b&gt;ada&lt;/b&gt;&quot;&#39;&amp;"))
            #expect(!page.text.contains("<b>ada"))
            // What a person sees: the name as typed, not bold.
            #expect(try page.element(.heading("Notes of", level: 1)).text == "Notes of <b>ada</b>\"'&")
            let note = try await client.get("/notes/note/2")
            #expect(note.text.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;friends&quot;"))
            try note.expect(text: "<script>alert('x')</script> & \"friends\"")
        }
    }

    @Test func tabsRememberTheirStackTheSelectedTabPopsToRoot() async throws {
        try await seedApp.test(.live) { client in
            _ = try await client.get("/search/~user/7")
            _ = try await client.get("/feed/tournament/5/match/12")
            let dashboard = try await client.get("/dashboard/league/2")
            let hrefs = Dictionary(uniqueKeysWithValues: dashboard.tabs.map { ($0.label, $0.href) })
            #expect(hrefs == ["Feed": "/feed/tournament/5/match/12", "Search": "/search", "Dashboard": "/dashboard", "Messages": "/messages"])
            // Back in Feed, the Feed tab pops to its root; Dashboard remembers its stack.
            let feed = try await client.follow("Feed", on: dashboard)
            #expect(feed.url == "/feed/tournament/5/match/12")
            #expect(feed.tabs.first { $0.label == "Feed" }?.href == "/feed")
            #expect(feed.tabs.first { $0.label == "Dashboard" }?.href == "/dashboard/league/2")
        }
    }

    @Test func aForgedTabCookieOnlyPointsInsideItsTab() async throws {
        try await seedApp.test { client in
            client.cookies["wr_tabs"] = "search=https%3A%2F%2Fevil.example&dashboard=%2Ffeed%2Fmatch%2F1&messages=%2Fmessages%2F~settings"
            let page = try await client.get("/feed")
            let hrefs = Dictionary(uniqueKeysWithValues: page.tabs.map { ($0.label, $0.href) })
            #expect(hrefs == ["Feed": "/feed", "Search": "/search", "Dashboard": "/dashboard", "Messages": "/messages/~settings"])
        }
    }

    @Test(arguments: [
        ("/feed/tournament/5/nope", "/feed/tournament/5"),
        ("/feed/match/abc", "/feed"),
        ("/feed/match", "/feed"),
        ("/search/~user/7/team/x", "/search/~user/7"),
        // No valid prefix at all: the screen the window opens at (the first tab), not "/".
        ("/nowhere", "/feed"),
    ])
    func unknownURLsAre404PagesLinkingToTheLongestValidPrefix(path: String, prefix: String) async throws {
        try await seedApp.test { client in
            let page = try await client.get(path)
            try page.expect(status: 404, screen: "Error")
            #expect(page.links.contains { $0.href == prefix && $0.rel == "up" }, "\(page.links)")
        }
    }

    @Test func aScreenThrowingNotFoundGivesA404Page() async throws {
        try await NotesApp.make().test { client in
            try await client.get("/sign-in")
            try await client.fill("Username", with: "ada")
            try await client.press("Sign in")
            let page = try await client.get("/notes/note/99")
            try page.expect(status: 404, screen: "Error", text: "No note 99.")
        }
    }

    @Test func securityHeadersOnEveryPage() async throws {
        try await seedApp.test(.live) { client in
            for path in ["/feed", "/nowhere"] {
                let page = try await client.get(path)
                #expect(page.headers["Content-Security-Policy"]?.contains("script-src 'self'") == true)
                #expect(page.headers["Content-Security-Policy"]?.contains("frame-ancestors 'self'") == true)
                #expect(page.headers["Content-Security-Policy"]?.contains("frame-src 'none'") == true)
                #expect(page.headers["X-Frame-Options"] == "SAMEORIGIN")
                #expect(page.headers["X-Content-Type-Options"] == "nosniff")
                #expect(page.headers["Referrer-Policy"] == "same-origin")
                #expect(page.headers["Cache-Control"] == "no-store")
                // Raw on purpose: an inline script is markup no person sees, and the CSP forbids it.
                #expect(!page.text.contains("<script>"), "no inline script")
            }
        }
    }

    @Test func methodsOtherThanGetAndHeadAre405OnAScreenWithoutActionsAndHeadHasNoBody() async throws {
        try await seedApp.test(.live) { client in
            let put = try await client.request(.put, "/feed")
            try put.expect(status: 405)
            #expect(put.headers["Allow"] == "GET, HEAD")
            let head = try await client.request(.head, "/feed")
            #expect(head.status == .ok && head.body.isEmpty)
            let get = try await client.get("/feed")
            #expect(head.headers["Content-Length"] == String(get.body.count))
        }
    }

    @Test func theRootRedirectsToTheSelectedCase() async throws {
        try await seedApp.test { client in
            client.followsRedirects = false
            let root = try await client.get("/")
            #expect(root.status == .found && root.location == "/feed")
        }
    }

    @Test func theStoryboardMapListsEveryScreenAndTransition() async throws {
        try await seedApp.test { client in
            let map = try await client.get("/_map")
            try map.expect(screen: "Storyboard")
            // The text alternative: a nested list, one item per route, below the drawing.
            let summary = try map.element(.text("Screen tree as a list"))
            #expect(summary.node.tag == "summary")
            let outline = try #require(summary.node.enclosing("details"))
            let items = outline.all("li", "data-kind")
            #expect(items.count == SeedTree.table.count)
            #expect(outline.all(where: { $0.tag == "a" }).contains { $0["href"] == "/search/~user/1/team/1" && $0.text == "Team" })
            #expect(map.links.contains { $0.href == "/dashboard/league/1/tournament/1/match/1" })
            // Nesting follows the tree: Team under Player under Search.
            let team = try #require(items.first { $0.first { $0.tag == "code" }?.text == "/search/~user/{Int}/team/{Int}" })
            #expect(team.enclosing("li")?.first { $0.tag == "code" }?.text == "/search/~user/{Int}")
        }
    }

    @Test func theStoryboardDrawsOneCardPerRouteWithItsArrow() async throws {
        try await seedApp.test { client in
            let map = try await client.get("/_map")
            // A region keyboard users can scroll, with a name.
            let region = try map.element(.role("region", name: "Storyboard drawing"))
            #expect(region["tabindex"] == "0")
            // The cards' `data-route`/`data-move` and the arrows' classes are the drawing's
            // layout contract (which card docks where), not something a locator names: raw.
            let canvas = region.node
            let cards = canvas.all("li", "data-route")
            let routes = SeedTree.table.routes
            #expect(cards.map { $0["data-route"] } == routes.map(\.pattern))
            for (card, route) in zip(cards, routes) {
                // Its first link goes to the example URL and names the screen.
                let link = try #require(card.first { $0.tag == "a" })
                #expect(link["href"] == route.example)
                #expect(link.text.hasPrefix(route.screen))
                // The arrow that reaches it says how.
                let move = card.first { $0.hasClass("sb-move") }?.text
                #expect(move == card["data-move"])
                switch route.kind {
                case "window": #expect(move?.hasPrefix("window case ") == true)
                default:
                    // A transition held in an optional property (`var team: Push<League, Team>?`) says so.
                    #expect(move == route.kind || move == "optional \(route.kind)")
                }
                // A live miniature of the example URL that takes no focus.
                let frame = try #require(card.first { $0.tag == "iframe" })
                #expect(frame["src"] == route.example && frame["loading"] == "lazy")
                #expect(frame["title"]?.contains(route.screen) == true)
                #expect(frame.enclosing("div")?["inert"] != nil)
            }
            // Arrows go from the window through the tab bar: Feed's card sits under the hub.
            let feed = try #require(cards.first { $0["data-route"] == "/feed" })
            #expect(feed["data-move"] == "tab")
            #expect(cards.first { $0["data-route"] == "/messages/~settings" }?["data-move"] == "present sheet")
            #expect(cards.first { $0["data-route"] == "/dashboard/~edit" }?["data-move"] == "present full cover")
            #expect(cards.first { $0["data-route"] == "/dashboard/league/{Int}/team/{Int}" }?["data-move"] == "optional push")
            let tabBar = try #require(map.document.first { $0["data-move"] == "window case 2" && $0["data-route"] == nil })
            #expect(feed.isInside(tabBar))
            // Only this page may frame pages of its own origin.
            #expect(map.headers["Content-Security-Policy"]?.contains("frame-src 'self'") == true)
            #expect(map.headers["X-Frame-Options"] == "SAMEORIGIN")
            let feedPage = try await client.get("/feed")
            #expect(feedPage.headers["Content-Security-Policy"]?.contains("frame-src 'none'") == true)
        }
    }

    @Test func universalTransitionsAreDockedToEachCard() async throws {
        let app = Application(table: try RouteTable(Window(SeedTree.tabs).universal(.present("share", Share(), style: .centered))),
                              configuration: .init(appName: "Scores"))
        try await app.test { client in
            let map = try await client.get("/_map")
            // Raw on purpose: where an exit docks is the drawing's layout (classes, data-route).
            let exits = map.document.all { $0.hasClass("sb-exit") }
            #expect(exits.count == app.table.routes.filter { $0.declaration.hasPrefix("universal") }.count)
            let feedShare = try #require(exits.first { $0["data-route"] == "/feed/~share" })
            #expect(feedShare["data-move"] == "universal present centered")
            #expect(feedShare.first { $0.tag == "a" }?["href"] == "/feed/~share")
            // Docked to the Feed card, not drawn as a card of its own.
            #expect(feedShare.enclosing("div")?.hasClass("sb-text") == true)
            #expect(map.document.all { $0.tag == "iframe" }.count == app.table.count - exits.count)
        }
    }

    @Test func anOptionalTransitionSaysSo() async throws {
        let app = Application(table: try RouteTable(Window(Navigation(OptionalHome()))), configuration: .init(appName: "Opt"))
        try await app.test { client in
            let map = try await client.get("/_map")
            // Raw on purpose: the cards' data-route/data-move are the drawing's layout contract.
            let cards = map.document.all("li", "data-route")
            #expect(cards.map { $0["data-route"] } == ["/", "/more/{Int}"])
            #expect(cards.last?["data-move"] == "optional push")
            #expect(cards.last?.first { $0.hasClass("sb-move") }?.text == "optional push")
        }
    }

    @Test func theRouteListing() {
        let listing = SeedTree.table.routeListing
        let lines = listing.split(separator: "\n")
        #expect(lines.count == SeedTree.table.count + 1)
        #expect(lines[0].hasPrefix("PATTERN"))
        #expect(lines.contains { $0.hasPrefix("/search/~user/{Int}/team/{Int}") && $0.contains("Team") && $0.contains("push") && $0.contains("Player.team") })
        #expect(lines.contains { $0.hasPrefix("/messages/~settings ") && $0.contains("present sheet") })
    }
}

/// A screen with two optional transitions, one set and one `nil` (absent from the tree).
struct OptionalHome: ContentScreen {
    var more: Push<OptionalHome, Match>? = Push(Match())
    var less: Push<OptionalHome, Page>? = nil
    func body(_ context: Void, router: Router<OptionalHome>) -> some HTML { "Home" }
}
