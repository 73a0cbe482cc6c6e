import Testing
import WebRouter
import WebRouterTesting
@testable import NotesApp

/// Every state of the app, walked by clicks and checked in process (WebRouter's article
/// “Checking every state”): nothing fails, and every screen is reached by a click.
@Suite struct StateCheckTests {
    @Test func everyStatePasses() async throws {
        let app = try NotesApp.make(store: NoteStore(), secret: .random())
        let report = try await app.checkEveryState(StateCheckOptions(capPerScreen: 4))
        #expect(report.findings.isEmpty)
        #expect(report.reached == report.states.count)
    }
}
