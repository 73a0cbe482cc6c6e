import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP

@Suite("Resolution of a state into tabs, layers and breadcrumbs")
struct ResolutionTests {
    let table = SeedTree.table

    func resolve(_ path: String, remembered: [String: String] = [:]) throws -> Resolution {
        let parsed = try table.parse(PathSegments.split(path) ?? []).get()
        return Resolution(table: table, path: parsed, rememberedTabs: { remembered[$0] })
    }

    /// The page's own URL (for observers) and its base stack's (what the tab remembers) come
    /// from the breadcrumb pass; they must be what printing the state gives.
    @Test(arguments: ["/feed", "/feed/tournament/5/match/12", "/search/~user/7/team/3", "/search/~team/3/player/9",
                      "/dashboard/~edit", "/messages/~settings/account"])
    func itsURLsAreThePrintedState(path: String) throws {
        let parsed = try table.parse(PathSegments.split(path) ?? [], query: QueryItems(parsing: "q=ada&kind=teams")).get()
        let resolution = Resolution(table: table, path: parsed)
        #expect(resolution.url == table.print(parsed.state))
        #expect(resolution.baseStackURL == table.url(parsed.state, prefix: resolution.layers[0].end))
    }

    @Test func aTabRootHasTheTabBarAndAOneItemBreadcrumb() throws {
        let resolution = try resolve("/feed")
        #expect(resolution.tabs.map(\.href) == ["/feed", "/search", "/dashboard", "/messages"])
        #expect(resolution.tabs.map(\.label) == ["Feed", "Search", "Dashboard", "Messages"])
        #expect(resolution.tabs.filter(\.isSelected).map(\.label) == ["Feed"])
        #expect(resolution.selectedTabName == "feed")
        #expect(resolution.layers.count == 1)
        #expect(resolution.top.breadcrumb == [.init(label: "Feed", href: "/feed")])
        #expect(resolution.top.screenName == "Feed")
    }

    @Test func aThreeLevelStack() throws {
        let resolution = try resolve("/feed/tournament/5/match/12")
        #expect(resolution.top.breadcrumb == [
            .init(label: "Feed", href: "/feed"),
            .init(label: "Tournament 5", href: "/feed/tournament/5"),
            .init(label: "Match 12", href: "/feed/tournament/5/match/12"),
        ])
        #expect(resolution.top.title == "Match 12")
        #expect(resolution.top.dismissHref == nil)
    }

    @Test func aModalWithItsOwnStackOverAStack() throws {
        let resolution = try resolve("/search/~user/7/team/3")
        #expect(resolution.layers.count == 2)
        #expect(resolution.layers[0].breadcrumb.map(\.label) == ["Search"])
        #expect(resolution.layers[0].screenName == "Search")
        let modal = resolution.layers[1]
        #expect(modal.breadcrumb == [.init(label: "Player 7", href: "/search/~user/7"), .init(label: "Team 3", href: "/search/~user/7/team/3")])
        #expect(modal.dismissHref == "/search")
        #expect(modal.style == .sheet(detent: .large))
        #expect(modal.screenName == "Team")
    }

    @Test func nestedModals() throws {
        let resolution = try resolve("/dashboard/user/7/~team/3")
        #expect(resolution.layers.map(\.screenName) == ["Player", "Team"])
        #expect(resolution.layers[1].dismissHref == "/dashboard/user/7")
        #expect(resolution.layers[0].breadcrumb.map(\.href) == ["/dashboard", "/dashboard/user/7"])
    }

    @Test func aPresentWithoutNavigationHasNoBreadcrumb() throws {
        let resolution = try resolve("/dashboard/~edit")
        #expect(resolution.top.breadcrumb.isEmpty)
        #expect(resolution.top.style == .fullScreenCover)
    }

    @Test func aWindowCaseHasNoTabBar() throws {
        let resolution = try resolve("/welcome/~login")
        #expect(resolution.tabs.isEmpty)
        #expect(resolution.layers[0].breadcrumb.isEmpty)
        #expect(resolution.layers[1].breadcrumb.map(\.label) == ["Login"])
    }

    @Test func otherTabsLeadBackToTheirRememberedStackTheSelectedOneToItsRoot() throws {
        let resolution = try resolve("/feed/match/3", remembered: ["search": "/search/~user/7", "feed": "/feed/match/9"])
        let hrefs = Dictionary(uniqueKeysWithValues: resolution.tabs.map { ($0.label, $0.href) })
        #expect(hrefs == ["Feed": "/feed", "Search": "/search/~user/7", "Dashboard": "/dashboard", "Messages": "/messages"])
        #expect(resolution.selectedTabName == "feed")
    }
}
