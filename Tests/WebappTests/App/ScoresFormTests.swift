import Testing
import WebRouter
import WebRouterTesting
@testable import webapp

/// The profile flow, the change-password form and the search, as a user goes through them.
@Suite("Scores app: forms")
struct ScoresFormTests {
    @Test func editFlowWalksItsStepsAndSavesTheProfile() async throws {
        let fixture = try ScoresFixture()
        let client = try await fixture.signedIn()
        let dashboard = try await client.get("/dashboard")
        let name = try await client.follow("Edit profile", on: dashboard)
        #expect(name.url == "/dashboard/~edit/name")
        #expect(try name.form("save-name")["display_name"] == "Demo User")

        let empty = try await client.submit("save-name", on: name, ["display_name": "  "])
        try empty.expect(status: 422, screen: "UserEdit")
        #expect(empty.text.contains("Enter a display name."))

        let team = try await client.submit("save-name", on: name, ["display_name": "Ada"])
        #expect(team.url.hasPrefix("/dashboard/~edit/team"))
        let back = try await client.follow("Back", on: team)
        #expect(try back.form("save-name")["display_name"] == "Ada")

        let badTeam = try await client.submit("save-team", on: team, ["favourite_team": "9999"])
        try badTeam.expect(status: 422)
        let confirm = try await client.submit("save-team", on: team, ["favourite_team": "10"])
        #expect(confirm.url.hasPrefix("/dashboard/~edit/confirm"))
        #expect(confirm.text.contains("Ada"))
        #expect(confirm.text.contains(try fixture.teamName(10)))
        // Nothing is saved before Save.
        #expect(try await fixture.data.accounts.account(named: "demo")?.displayName == "Demo User")

        let saved = try await client.submit("save", on: confirm)
        try saved.expect(screen: "Dashboard", modals: [])
        #expect(saved.url == "/dashboard")
        let account = try #require(try await fixture.data.accounts.account(named: "demo"))
        #expect(account.displayName == "Ada")
        #expect(account.favouriteTeamID == 10)
        #expect(saved.text.contains(try fixture.teamName(10)))
    }

    @Test func cancelLeavesTheProfileAlone() async throws {
        let fixture = try ScoresFixture()
        let client = try await fixture.signedIn()
        let name = try await client.get("/dashboard/~edit/name")
        let team = try await client.submit("save-name", on: name, ["display_name": "Someone"])
        let dashboard = try await client.follow("Cancel", on: team)
        try dashboard.expect(screen: "Dashboard", modals: [])
        #expect(try await fixture.data.accounts.account(named: "demo")?.displayName == "Demo User")
    }

    @Test func changePasswordShowsMessagesThenReturnsToSettings() async throws {
        let fixture = try ScoresFixture()
        let client = try await fixture.signedIn()
        let form = try await client.get("/messages/~settings/change-password")
        let wrong = try await client.submit("change", on: form, [
            "current_password": "nope", "new_password": "abc", "confirmation": "abd",
        ])
        try wrong.expect(status: 422, screen: "ChangePassword")
        #expect(wrong.text.contains("The current password is not right."))
        #expect(wrong.text.contains("The two new passwords do not match."))

        let settings = try await client.submit("change", on: wrong, [
            "current_password": "demo", "new_password": "better", "confirmation": "better",
        ])
        try settings.expect(status: 200, screen: "Settings", breadcrumb: ["Settings"])
        #expect(settings.text.contains("Your password was changed."))
        #expect(try await fixture.data.accounts.authenticate(username: "demo", password: "better") != nil)
    }

    @Test func searchResultsOpenSheetsThatKeepTheQuery() async throws {
        let fixture = try ScoresFixture()
        let client = try await fixture.signedIn()
        let team = try fixture.teamName(3)
        let search = try await client.get("/search")
        let results = try await client.submit(try #require(search.forms.first { $0.method == "get" }), from: search, ["q": team])
        try results.expect(screen: "Search")
        let link = try #require(results.links.first { $0.href.hasPrefix("/search/~team/3?") })
        #expect(link.href.contains("q="))
        let sheet = try await client.follow(link, from: results)
        try sheet.expect(screen: "Team", modals: ["Team"])
        let closed = try await client.dismiss(from: sheet)
        try closed.expect(screen: "Search", modals: [])
        #expect(closed.url == results.url, "closing the sheet returns to the same results")
        #expect(closed.links.contains { $0.href == link.href })
    }

    @Test func filterNarrowsTheSearchAndIgnoresBadValues() async throws {
        let fixture = try ScoresFixture()
        let client = try await fixture.signedIn()
        let filter = try await client.get("/search/~filter?q=united")
        let teamsOnly = try await client.submit("apply", on: filter, ["kind": "teams", "sort": "name", "league": "999"])
        try teamsOnly.expect(screen: "Search", modals: [])
        #expect(teamsOnly.url == "/search?q=united&kind=teams&sort=name", "a league that does not exist is left out")
        #expect(!teamsOnly.text.contains("<h2>Players</h2>"))
        #expect(teamsOnly.text.contains("<h2>Teams</h2>"))

        let odd = try await client.get("/search?q=united&kind=bogus&league=999&sort=sideways")
        try odd.expect(status: 200, screen: "Search")
        #expect(odd.text.contains("<h2>Teams</h2>"))
    }

    @Test func feedPagesThroughTheNews() async throws {
        let client = try await ScoresFixture().signedIn()
        let first = try await client.get("/feed")
        let second = try await client.follow("Older ›", on: first)
        #expect(second.url == "/feed?page=2")
        #expect(second.text.contains("Page 2 of"))
        let nonsense = try await client.get("/feed?page=-4")
        #expect(nonsense.text.contains("Page 1 of"))
    }
}
