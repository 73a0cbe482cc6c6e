import Testing
import WebRouter
import WebRouterTesting
@testable import webapp

/// The demo's whole tree, every state checked in process, signed out and signed in
/// (see CheckingEveryState.md): nothing fails.
@Suite struct DemoStateCheckTests {
    @Test func everyStateOfTheDemoPasses() async throws {
        let app = try await ScoresFixture().app
        var options = StateCheckOptions(capPerScreen: 4)
        options.signIn = StateCheckOptions.SignIn(page: "/welcome/~login", fields: ["username": "demo", "password": "demo"])
        // Searches typed into the Search tab's form: their results open the player, team,
        // league and match sheets.
        options.exampleInput = ["q": ["united", "league", "demo"]]
        let report = try await app.checkEveryState(options)
        print("Demo state check: \(report.summary)")
        #expect(report.findings.isEmpty)
        // Both viewers: the signed-in walk reaches the tabs the signed-out one sees behind the sign-in.
        #expect(Set(report.states.map(\.viewer)) == ["signed out", "signed in"])
        #expect(report.states.count > 50)
        // Signed in, the profile editor (behind sign-in) is reached by clicks from the Dashboard tab.
        let editor = report.states.first { $0.viewer == "signed in" && $0.url == "/dashboard/~edit/name" }
        #expect(editor?.status == 200)
        #expect(editor?.clickPath?.first?.url == "/dashboard")
    }
}
