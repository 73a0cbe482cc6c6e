import Testing
import WebRouter
import WebRouterTesting
@testable import webapp

/// One test, the same code, three modes: in process, over a live socket, in headless
/// Chromium. A visitor opens a shared deep link, signs in by the form's labels, picks a
/// section, opens the share card by its link's name, closes it with Escape, and goes back.
@Suite("The same test in three modes")
struct ThreeModesTests {
    @Test(arguments: TestClient.Mode.allCases)
    func aSharedDeepLinkThroughSignInSectionsShareAndBack(_ mode: TestClient.Mode) async throws {
        let scores = try await ScoresFixture()
        let match = try scores.matchTitle(12)
        try await scores.app.test(mode) { client in
            try await client.get("/feed/tournament/5/match/12")
            try client.expect(url: "/welcome?next=/feed/tournament/5/match/12", screen: "Welcome")
            try await client.click(.link("Sign in"))
            try client.expect(screen: "Login", modals: ["Login"])

            try await client.fill("Username", with: "demo")
            try await client.fill("Password", with: "demo")
            try await client.press("Sign in")
            try client.expect(url: "/feed/tournament/5/match/12", screen: "Match", selectedTab: "Feed",
                              breadcrumb: ["Feed", try scores.tournamentName(5), match], text: match)

            try await client.choose("Goals", in: "Sections")
            try client.expect(url: "/feed/tournament/5/match/12?section=goals", screen: "Match")
            #expect(try client.element(.link("Goals").within(.navigation("Sections")))["aria-current"] == "true")

            try await client.click(.link("Share"))
            try client.expect(screen: "Share", modals: ["Share"])
            try await client.within(.dialog("Share")) {
                let link = try client.element(.textbox("Link to this page"))
                #expect(link.value?.hasSuffix("/feed/tournament/5/match/12?section=goals") == true)
            }

            try await client.pressEscape()
            try client.expect(url: "/feed/tournament/5/match/12?section=goals", screen: "Match", modals: [])

            try await client.goBack()
            try client.expect(screen: "Share", modals: ["Share"])
            try await client.goBack()
            try await client.goBack()
            try client.expect(url: "/feed/tournament/5/match/12", screen: "Match", selectedTab: "Feed")
        }
    }
}
