import Testing
@testable import WebRouter
@testable import WebRouterHTML
@_spi(WebRouterInternals) @testable import WebRouterHTTP

@Suite("The router a screen gets")
struct RouterTests {
    let table = SeedTree.table

    func router<S: ContentScreen>(_ type: S.Type, at path: String, position: Int? = nil) throws -> Router<S> {
        let parsed = try table.parse(PathSegments.split(path) ?? []).get()
        let index = position ?? parsed.state.depth - 1
        _ = try #require(table.nodes[parsed.state.steps[index].node].content as? S, "the step shows a \(S.self)")
        return Router(table: table, path: parsed, position: index, request: RequestContext())
    }

    /// The page hands each router the URL its breadcrumb already printed; a router built
    /// that way answers exactly like one that prints its own.
    @Test func aRouterGivenItsPrintedURLAnswersTheSame() throws {
        for path in ["/feed", "/feed/tournament/5/match/12", "/search/~user/7/team/3", "/messages/~settings/change-password"] {
            let parsed = try table.parse(PathSegments.split(path) ?? []).get()
            let urls = table.prefixURLs(parsed.state)
            for position in 0..<parsed.state.depth {
                try expectSameAnswers(parsed, position: position, printedURL: urls[position])
            }
        }
    }

    private func expectSameAnswers(_ parsed: ParsedPath, position: Int, printedURL: String) throws {
        func make<S: ContentScreen>(_: S.Type, _ printed: String?) -> Router<S> {
            Router(table: table, path: parsed, position: position, request: RequestContext(), printedURL: printed)
        }
        func compare<S: ContentScreen>(_ type: S.Type) {
            let given = make(type, printedURL), own = make(type, nil)
            #expect(given.url == own.url)
            #expect(given.url == printedURL)
            #expect(given.back == own.back)
            #expect(given.dismiss == own.dismiss)
            #expect(given.popToRoot == own.popToRoot)
        }
        let content = table.nodes[parsed.state.steps[position].node].content
        func open<S: ContentScreen>(_ screen: S) { compare(S.self) }
        open(content)
    }

    /// A transition value made while rendering is not part of the tree: its link leads
    /// nowhere and the request is told (the page then answers 500), never a silent link to
    /// the current page.
    @Test func aTransitionOutsideTheTreeIsReportedNotLinkedToTheCurrentPage() throws {
        let tournament = try router(Tournament.self, at: "/feed/tournament/5")
        let madeNow = Push<Tournament, Match>(Match())
        #expect(tournament.link(madeNow._edge, segment: "12") == "#unknown-transition")
        #expect(tournament.link(madeNow._edge, ["12"]) == "#unknown-transition")
        #expect(tournament.request.brokenLinks.count == 2)
        #expect(tournament.request.brokenLinks.first?.contains("Tournament links to Match") == true)
        #expect(tournament.link(tournament.screen.match._edge, segment: "12") == "/feed/tournament/5/match/12")
        #expect(tournament.link(tournament.screen.match._edge, ["12"]) == "/feed/tournament/5/match/12")
        #expect(tournament.request.brokenLinks.count == 2)
        // An `Int` context takes its own path (digits written in place): unknown there too.
        #expect(tournament.link(madeNow._edge, id: 12) == "#unknown-transition")
        #expect(tournament.request.brokenLinks.count == 3)
        #expect(tournament.link(tournament.screen.match._edge, id: 12) == "/feed/tournament/5/match/12")
    }

    @Test func typedLinksFromTheCurrentState() throws {
        let feed = try router(Feed.self, at: "/feed")
        #expect(feed.link(\.match, 12) == "/feed/match/12")
        #expect(feed.link(\.gameDay, 3) == "/feed/game-day/3")
        let tournament = try router(Tournament.self, at: "/feed/tournament/5")
        #expect(tournament.link(\.match, 12) == "/feed/tournament/5/match/12")
        let search = try router(Search.self, at: "/search")
        #expect(search.link(\.user, 7) == "/search/~user/7")
        #expect(search.link(\.filter) == "/search/~filter")
        #expect(search.link(\.team, 3) == "/search/~team/3")
        #expect(search.link(\.user, -7) == "/search/~user/-7")
        #expect(search.link(\.user, Int.min) == "/search/~user/" + String(Int.min))
        let dashboard = try router(Dashboard.self, at: "/dashboard")
        #expect(dashboard.link(\.entities.league, 2) == "/dashboard/league/2")
    }

    @Test func optionalTransitionsYieldNilWhereTheTreeLeavesThemOut() throws {
        let fromSearch = try router(Player.self, at: "/search/~user/7")
        #expect(fromSearch.link(\.team, 3) == "/search/~user/7/team/3")
        let fromTeam = try router(Player.self, at: "/search/~team/3/player/9")
        #expect(fromTeam.link(\.team, 3) == nil)
        let fromDashboard = try router(Player.self, at: "/dashboard/user/7")
        #expect(fromDashboard.link(\.team, 3) == "/dashboard/user/7/~team/3")
    }

    @Test func contextsArePercentEncodedInLinks() throws {
        // A String context would be the same; Int only needs digits. Check encoding directly.
        #expect(PathSegmentEncoding.encode("a/b c?d") == "a%2Fb%20c%3Fd")
        #expect(PathSegmentEncoding.encode("~user") == "%7Euser")
        #expect(PathSegmentEncoding.encode("é") == "%C3%A9")
        #expect(PathSegmentEncoding.encode("plain-text_1.2") == "plain-text_1.2")
    }

    @Test func backPopsOneScreenAndStopsAtTheStackRoot() throws {
        #expect(try router(Match.self, at: "/feed/tournament/5/match/12").back == "/feed/tournament/5")
        #expect(try router(Tournament.self, at: "/feed/tournament/5").back == "/feed")
        #expect(try router(Feed.self, at: "/feed").back == nil)
        #expect(try router(Player.self, at: "/search/~user/7").back == nil)
        #expect(try router(Team.self, at: "/search/~user/7/team/3").back == "/search/~user/7")
    }

    @Test func dismissClosesTheLayerTheScreenIsIn() throws {
        #expect(try router(Team.self, at: "/search/~user/7/team/3").dismiss == "/search")
        #expect(try router(Team.self, at: "/dashboard/user/7/~team/3").dismiss == "/dashboard/user/7")
        #expect(try router(Feed.self, at: "/feed").dismiss == nil)
        #expect(try router(ChangePassword.self, at: "/messages/~settings/change-password").dismiss == "/messages")
    }

    @Test func popToRootAndDismissAll() throws {
        #expect(try router(Match.self, at: "/dashboard/league/2/tournament/5/match/12").popToRoot == "/dashboard")
        #expect(try router(Team.self, at: "/search/~user/7/team/3").popToRoot == "/search/~user/7")
        #expect(try router(Team.self, at: "/dashboard/user/7/~team/3").dismissAll == "/dashboard/user/7")
        #expect(try router(Match.self, at: "/feed/tournament/5/match/12").dismissAll == "/feed/tournament/5/match/12")
    }

    @Test func aScreenBeneathAModalLinksFromItsOwnPlace() throws {
        let beneath = try router(Player.self, at: "/dashboard/user/7/~team/3", position: 1)
        #expect(beneath.url == "/dashboard/user/7")
        #expect(beneath.link(\.team, 4) == "/dashboard/user/7/~team/4")
        #expect(beneath.context == 7)
    }

    @Test func constantsAndContext() throws {
        let feed = try router(Feed.self, at: "/feed")
        #expect(feed[next: \.title] == "Feed")
        let match = try router(Match.self, at: "/feed/match/12")
        #expect(match.context == 12)
        #expect(match.url == "/feed/match/12")
    }

    @Test func deepLinksFromTheRootInOneExpression() throws {
        let root = try router(Feed.self, at: "/feed").root()
        #expect(root.tab(Feed.self)?.move(\.tournament, 5).move(\.match, 12).url == "/feed/tournament/5/match/12")
        #expect(root.tab(Search.self)?.move(\.user, 7).move(\.team, 3)?.url == "/search/~user/7/team/3")
        #expect(root.tab(Messages.self)?.move(\.settings).move(\.changePassword).url == "/messages/~settings/change-password")
        #expect(root.case(Welcome.self)?.move(\.login).url == "/welcome/~login")
        #expect(root.tab(Launch.self) == nil)
    }
}
