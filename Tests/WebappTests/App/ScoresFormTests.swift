import Foundation
import Testing
import WebRouter
import WebRouterTesting
@testable import webapp
import WebRouterAccounts

/// The profile flow, the change-password form and the search, as a user goes through them.
@Suite("Scores app: forms")
struct ScoresFormTests {
    @Test func editFlowWalksItsStepsAndSavesTheProfile() async throws {
        let fixture = try await ScoresFixture()
        let client = try await fixture.signedIn()
        let dashboard = try await client.get("/dashboard")
        let name = try await client.follow("Edit profile", on: dashboard)
        #expect(name.url == "/dashboard/~edit/name")
        #expect(try name.element(.textbox("Display name")).value == "Demo User")

        try await client.fill("Display name", with: "  ")
        let empty = try await client.press("Next")
        try empty.expect(status: 422, screen: "UserEdit", text: "Enter a display name.")

        try await client.fill("Display name", with: "Ada")
        let team = try await client.press("Next")
        // The draft is kept in the session, not in the address: one URL per step.
        #expect(team.url == "/dashboard/~edit/team")
        let back = try await client.follow("Back", on: team)
        #expect(try back.element(.textbox("Display name")).value == "Ada")
        let refreshed = try await client.get("/dashboard/~edit/name")
        #expect(try refreshed.element(.textbox("Display name")).value == "Ada")   // a refresh keeps it too
        try await client.get("/dashboard/~edit/team")

        // A team no menu offers: sent by field name on purpose.
        let badTeam = try await client.submit("save-team", on: team, ["favourite_team": "9999"])
        try badTeam.expect(status: 422)
        try await client.select(try fixture.teamName(10), from: "Favourite team")
        let confirm = try await client.press("Next")
        #expect(confirm.url == "/dashboard/~edit/confirm")
        try confirm.expect(text: "Ada")
        try confirm.expect(text: try fixture.teamName(10))
        // Nothing is saved before Save.
        #expect(try await fixture.data.profiles.profile(named: "demo")?.displayName == "Demo User")

        let saved = try await client.press("Save")
        try saved.expect(screen: "Dashboard", modals: [])
        #expect(saved.url == "/dashboard")
        let account = try #require(try await fixture.data.profiles.profile(named: "demo"))
        #expect(account.displayName == "Ada")
        #expect(account.favouriteTeamID == 10)
        try saved.expect(text: try fixture.teamName(10))
    }

    @Test func cancelLeavesTheProfileAlone() async throws {
        let fixture = try await ScoresFixture()
        let client = try await fixture.signedIn()
        try await client.get("/dashboard/~edit/name")
        try await client.fill("Display name", with: "Someone")
        try await client.press("Next")
        let dashboard = try await client.press("Cancel")
        try dashboard.expect(screen: "Dashboard", modals: [])
        #expect(try await fixture.data.profiles.profile(named: "demo")?.displayName == "Demo User")
        // The draft went with the flow: the next edit shows the stored name, not "Someone".
        let again = try await client.get("/dashboard/~edit/name")
        #expect(try again.element(.textbox("Display name")).value == "Demo User")
    }

    @Test func changePasswordShowsMessagesThenReturnsToSettings() async throws {
        let fixture = try await ScoresFixture()
        let client = try await fixture.signedIn()
        let form = try await client.get("/messages/~settings/change-password")
        // Too short for the page's minlength: sent by field name on purpose (fill would refuse it).
        let short = try await client.submit("change", on: form, ["current_password": "nope", "new_password": "abc", "confirmation": "abc"])
        try short.expect(status: 422, screen: "ChangePassword", text: "Use at least 4 characters.")
        try await client.fill("Current password", with: "nope")
        try await client.fill("New password", with: "abcd")
        try await client.fill("New password again", with: "abce")
        let mismatch = try await client.press("Change password")   // a rule over two fields, checked before the store
        try mismatch.expect(status: 422, text: "The two new passwords do not match.")
        try await client.fill("Current password", with: "nope")
        try await client.fill("New password", with: "abcd")
        try await client.fill("New password again", with: "abcd")
        let wrong = try await client.press("Change password")
        try wrong.expect(status: 422, screen: "ChangePassword", text: "The current password is not right.")

        try await client.fill("Current password", with: "demo")
        try await client.fill("New password", with: "better")
        try await client.fill("New password again", with: "better")
        let settings = try await client.press("Change password")
        try settings.expect(status: 200, screen: "Settings", breadcrumb: ["Settings"], text: "Your password was changed.")
        #expect(try await fixture.data.accounts.store.authenticate(username: "demo", password: "better") != nil)
    }

    @Test func searchResultsOpenSheetsThatKeepTheQuery() async throws {
        let fixture = try await ScoresFixture()
        let client = try await fixture.signedIn()
        let team = try fixture.teamName(3)
        try await client.get("/search")
        try await client.fill("Players, teams, leagues, matches", with: team)
        let results = try await client.press("Search")
        try results.expect(screen: "Search")
        let link = try #require(results.links.first { $0.href.hasPrefix("/search/~team/3?") })
        #expect(link.href.contains("q="))
        let sheet = try await client.follow(link, from: results)
        try sheet.expect(screen: "Team", modals: ["Team"])
        let closed = try await client.dismiss(from: sheet)
        try closed.expect(screen: "Search", modals: [])
        // The form wrote the query as a browser does (`q=Kingsbridge+United`), the app prints
        // its own links with `%20`: the same query, so the same results.
        func decoded(_ url: String) -> String? { url.replacingOccurrences(of: "+", with: " ").removingPercentEncoding }
        #expect(decoded(closed.url) == decoded(results.url), "closing the sheet returns to the same results")
        #expect(closed.visibleText == results.visibleText)
        #expect(closed.links.contains { $0.href == link.href })
    }

    @Test func filterNarrowsTheSearchAndIgnoresBadValues() async throws {
        let fixture = try await ScoresFixture()
        let client = try await fixture.signedIn()
        let filter = try await client.get("/search/~filter?q=united")
        // A league no menu offers: sent by field name on purpose, refused on its field.
        let refused = try await client.submit("apply", on: filter, ["kind": "teams", "sort": "name", "league": "999"])
        try refused.expect(status: 422, screen: "SearchFilter")
        #expect(refused.state.forms.first { $0.fields.contains { $0.name == "league" } }?.fields.first { $0.name == "league" }?.error
                == "Choose from the list.")
        let teamsOnly = try await client.submit("apply", on: filter, ["kind": "teams", "sort": "name", "league": ""])
        try teamsOnly.expect(screen: "Search", modals: [])
        #expect(teamsOnly.url == "/search?q=united&kind=teams&sort=name")
        #expect(!teamsOnly.has(.heading("Players", level: 2)))
        #expect(teamsOnly.has(.heading("Teams", level: 2)))

        let odd = try await client.get("/search?q=united&kind=bogus&league=999&sort=sideways")
        try odd.expect(status: 200, screen: "Search")
        #expect(odd.has(.heading("Teams", level: 2)))
    }

    @Test func feedPagesThroughTheNews() async throws {
        let client = try await ScoresFixture().signedIn()
        let first = try await client.get("/feed")
        let second = try await client.follow("Older ›", on: first)
        #expect(second.url == "/feed?page=2")
        try second.expect(text: "Page 2 of")
        let nonsense = try await client.get("/feed?page=-4")
        try nonsense.expect(text: "Page 1 of")
    }
}
