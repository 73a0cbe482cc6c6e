import Testing
import WebRouter
import WebRouterTesting
@testable import webapp

/// Every DESIGN.md path and one URL per transition of the tree is a real page, over HTTP.
@Suite("Scores app: every place of the tree")
struct ScoresPathTests {
    struct Place: CustomStringConvertible, Sendable {
        let url: String
        let screen: String
        let tab: String?
        let crumbs: @Sendable (ScoresFixture) throws -> [String]?
        var description: String { url }
    }

    static let signedInPlaces: [Place] = [
        // DESIGN.md
        Place(url: "/feed", screen: "Feed", tab: "Feed") { _ in ["Feed"] },
        Place(url: "/feed/tournament/5/match/12", screen: "Match", tab: "Feed") {
            ["Feed", try $0.tournamentName(5), try $0.matchTitle(12)]
        },
        Place(url: "/search/~user/7/team/3", screen: "Team", tab: "Search") { [try $0.playerName(7), try $0.teamName(3)] },
        Place(url: "/dashboard/league/2/tournament/5/match/12", screen: "Match", tab: "Dashboard") {
            ["Dashboard", try $0.leagueName(2), try $0.tournamentName(5), try $0.matchTitle(12)]
        },
        Place(url: "/messages/~settings/change-password", screen: "ChangePassword", tab: "Messages") { _ in ["Settings", "Change password"] },
        Place(url: "/launch", screen: "Launch", tab: nil) { _ in nil },
        // One per transition
        Place(url: "/feed/page/3", screen: "Page", tab: "Feed") { ["Feed", try #require($0.data.sample.page(3)).title] },
        Place(url: "/feed/match/12", screen: "Match", tab: "Feed") { ["Feed", try $0.matchTitle(12)] },
        Place(url: "/feed/game-day/21", screen: "GameDay", tab: "Feed") {
            ["Feed", try #require($0.data.sample.gameDay(21)).day.formatted]
        },
        Place(url: "/feed/game-day/21/match/\(SampleDataIDs.matchOnGameDay21)", screen: "Match", tab: "Feed") { _ in nil },
        Place(url: "/feed/tournament/5", screen: "Tournament", tab: "Feed") { ["Feed", try $0.tournamentName(5)] },
        Place(url: "/search", screen: "Search", tab: "Search") { _ in ["Search"] },
        Place(url: "/search?q=rovers", screen: "Search", tab: "Search") { _ in ["Search"] },
        Place(url: "/search/~filter", screen: "SearchFilter", tab: "Search") { _ in ["Filters"] },
        Place(url: "/search/~user/7", screen: "Player", tab: "Search") { [try $0.playerName(7)] },
        Place(url: "/search/~team/3", screen: "Team", tab: "Search") { [try $0.teamName(3)] },
        Place(url: "/search/~team/3/player/7", screen: "Player", tab: "Search") { [try $0.teamName(3), try $0.playerName(7)] },
        Place(url: "/search/~league/2", screen: "League", tab: "Search") { [try $0.leagueName(2)] },
        Place(url: "/search/~match/12", screen: "Match", tab: "Search") { [try $0.matchTitle(12)] },
        Place(url: "/dashboard", screen: "Dashboard", tab: "Dashboard") { _ in ["Dashboard"] },
        Place(url: "/dashboard/~edit/name", screen: "UserEdit", tab: "Dashboard") { _ in nil },
        Place(url: "/dashboard/user/7", screen: "Player", tab: "Dashboard") { ["Dashboard", try $0.playerName(7)] },
        Place(url: "/dashboard/user/7/~team/3", screen: "Team", tab: "Dashboard") { [try $0.teamName(3)] },
        Place(url: "/dashboard/team/3", screen: "Team", tab: "Dashboard") { ["Dashboard", try $0.teamName(3)] },
        Place(url: "/dashboard/team/3/~player/7", screen: "Player", tab: "Dashboard") { [try $0.playerName(7)] },
        Place(url: "/dashboard/team/3/~player/7/~team/4", screen: "Team", tab: "Dashboard") { [try $0.teamName(4)] },
        Place(url: "/dashboard/league/2", screen: "League", tab: "Dashboard") { ["Dashboard", try $0.leagueName(2)] },
        Place(url: "/dashboard/league/2/team/10", screen: "Team", tab: "Dashboard") {
            ["Dashboard", try $0.leagueName(2), try $0.teamName(10)]
        },
        Place(url: "/dashboard/league/2/tournament/5", screen: "Tournament", tab: "Dashboard") {
            ["Dashboard", try $0.leagueName(2), try $0.tournamentName(5)]
        },
        Place(url: "/messages", screen: "Messages", tab: "Messages") { _ in ["Messages"] },
        Place(url: "/messages/~settings", screen: "Settings", tab: "Messages") { _ in ["Settings"] },
        Place(url: "/messages/~settings/account", screen: "AccountInfo", tab: "Messages") { _ in ["Settings", "Account"] },
        Place(url: "/messages/~settings/delete-account", screen: "DeleteAccountScreen", tab: "Messages") { _ in ["Settings", "Delete account"] },
        // The universal share card, over any screen
        Place(url: "/feed/match/12/~share", screen: "Share", tab: "Feed") { _ in nil },
        Place(url: "/messages/~settings/~share", screen: "Share", tab: "Messages") { _ in nil },
    ]

    @Test func signedInPlacesAnswerTheirScreenTabAndBreadcrumbOverHTTP() async throws {
        let fixture = try await ScoresFixture()
        let client = try await fixture.signedIn(.live)
        for place in Self.signedInPlaces {
            let page = try await client.get(place.url)
            try page.expect(status: 200, screen: place.screen, breadcrumb: try place.crumbs(fixture))
            #expect(page.selectedTabLabel == place.tab, "\(place.url)")
            #expect(page.redirects.isEmpty, "\(place.url) redirected: \(page.redirects)")
        }
        await client.shutdown()
    }

    @Test(arguments: [("/welcome", "Welcome"), ("/welcome/~login", "Login"), ("/welcome/~registration", "Registration"), ("/launch", "Launch")])
    func signedOutPlacesAreRealPages(url: String, screen: String) async throws {
        let client = try await ScoresFixture().visitor()
        let page = try await client.get(url)
        try page.expect(status: 200, screen: screen)
        #expect(page.tabs.isEmpty)
    }

    @Test func modalsKeepTheScreenUnderneath() async throws {
        let client = try await ScoresFixture().signedIn()
        let page = try await client.get("/search/~user/7/team/3")
        #expect(page.baseScreen == "Search")
        #expect(page.modals.map(\.screen) == ["Team"])
        #expect(page.modals.first?.dismiss == "/search")
    }

    @Test(arguments: ["/feed/match/99999", "/feed/nope", "/search/~team/0", "/dashboard/~edit/nope", "/feed/page/abc"])
    func badIDsAndStepsAre404(url: String) async throws {
        let client = try await ScoresFixture().signedIn()
        let page = try await client.get(url)
        #expect(page.status.code == 404, "\(url)")
        #expect(page.screen == "Error")
    }

    @Test func missingMatchSaysWhichOne() async throws {
        let client = try await ScoresFixture().signedIn()
        let page = try await client.get("/feed/match/99999")
        try page.expect(status: nil, text: "No match 99999.")
    }
}

/// Ids picked from the sample data for URLs that need a consistent pair.
enum SampleDataIDs {
    /// A match played on game day 21.
    static var matchOnGameDay21: Int { SampleData.shared.gameDay(21)?.matchIDs.first ?? 1 }
}
