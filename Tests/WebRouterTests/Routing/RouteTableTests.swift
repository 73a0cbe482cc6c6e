import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP

@Suite("Route table of the seed's real world example")
struct RouteTableTests {
    let table = SeedTree.table

    func segments(_ path: String) -> [String] { PathSegments.split(path) ?? ["<bad>"] }

    func screens(_ path: String) throws -> [String] {
        let parsed = try table.parse(segments(path)).get()
        return parsed.state.steps.map { table.nodes[$0.node].screenName }
    }

    @Test("every path of DESIGN.md parses to the right chain and prints back unchanged", arguments: [
        ("/feed", ["Feed"]),
        ("/feed/tournament/5/match/12", ["Feed", "Tournament", "Match"]),
        ("/search/~user/7/team/3", ["Search", "Player", "Team"]),
        ("/dashboard/league/2/tournament/5/match/12", ["Dashboard", "League", "Tournament", "Match"]),
        ("/messages/~settings/change-password", ["Messages", "Settings", "ChangePassword"]),
        ("/welcome/~login", ["Welcome", "Login"]),
        ("/launch", ["Launch"]),
        ("/feed/game-day/3/match/4", ["Feed", "GameDay", "Match"]),
        ("/search/~team/3/player/9", ["Search", "Team", "Player"]),
        ("/dashboard/user/7/~team/3", ["Dashboard", "Player", "Team"]),
        ("/dashboard/~edit", ["Dashboard", "UserEdit"]),
        ("/search/~filter", ["Search", "SearchFilter"]),
    ])
    func designPaths(path: String, expected: [String]) throws {
        #expect(try screens(path) == expected)
        let state = try table.parse(segments(path)).get().state
        #expect(table.print(state) == path)
    }

    @Test func tuplesOfTransitionsAreNamedByTheirOwnLabels() throws {
        #expect(try screens("/dashboard/team/3") == ["Dashboard", "Team"])
        #expect(throws: RouteParseError.self) { try table.parse(segments("/dashboard/entities/team/3")).get() }
    }

    @Test func unknownStepReportsTheLongestValidPrefix() {
        let result = table.parse(segments("/feed/tournament/5/nope/1"))
        guard case .failure(let error) = result else { Issue.record("parsed"); return }
        #expect(error.reason == .unknownStep("nope"))
        #expect(error.validPrefix.map(table.print) == "/feed/tournament/5")
    }

    @Test func badContextIsAFailureNotACrash() {
        for path in ["/feed/match/abc", "/feed/match/007", "/feed/match/+7", "/feed/match/99999999999999999999999"] {
            guard case .failure(let error) = table.parse(segments(path)) else { Issue.record("\(path) parsed"); continue }
            #expect(error.reason == .badContext(step: "match", type: "Int"))
            #expect(error.validPrefix.map(table.print) == "/feed")
        }
    }

    @Test func missingContext() {
        guard case .failure(let error) = table.parse(segments("/feed/match")) else { Issue.record("parsed"); return }
        #expect(error.reason == .missingContext(step: "match"))
    }

    @Test func presentNeedsTheTildeAndPushMustNotHaveIt() {
        #expect(throws: RouteParseError.self) { try table.parse(segments("/search/user/7")).get() }
        #expect(throws: RouteParseError.self) { try table.parse(segments("/feed/~match/7")).get() }
    }

    @Test func unknownFirstStep() {
        guard case .failure(let error) = table.parse(segments("/nowhere")) else { Issue.record("parsed"); return }
        #expect(error.reason == .unknownStep("nowhere"))
        #expect(error.validPrefix == nil)
    }

    @Test func presentationHooksApplyWhereTheScreenIsPlaced() throws {
        let filter = try table.parse(segments("/search/~filter")).get().state.steps[1].node
        #expect(table.nodes[filter].presentation.classes == ["toolbar"])
        #expect(table.nodes[filter].inNavigationStack)
        let edit = try table.parse(segments("/dashboard/~edit")).get().state.steps[1].node
        #expect(table.nodes[edit].kind == .present(.fullScreenCover))
        #expect(!table.nodes[edit].inNavigationStack)
    }
}
