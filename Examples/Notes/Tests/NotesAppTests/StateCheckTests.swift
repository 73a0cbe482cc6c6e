import Testing
import WebRouter
import WebRouterTesting
@testable import NotesApp

/// Every state of the app, walked by clicks and checked in process (WebRouter's article
/// “Checking every state”): nothing fails, and every screen is reached by a click.
@Suite struct StateCheckTests {
    @Test func everyStatePasses() async throws {
        // Signed out, then signed in as the fixture's account, so the protected tabs are checked too.
        var options = StateCheckOptions(capPerScreen: 4)
        options.signIn = StateCheckOptions.SignIn(
            page: "/home/~sign-in", fields: ["Username": Fixture.username, "Password": Fixture.password])
        let report = try await Fixture.app().checkEveryState(options)
        #expect(report.findings.isEmpty)
        #expect(report.reached == report.states.count)
    }
}
