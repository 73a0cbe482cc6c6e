import Testing
import WebRouter
import WebRouterTesting
import TravelApp

/// Every state of the app, walked by clicks and checked in process, signed out (the trips
/// show the sign-in) and signed in through the sheet's form.
@Suite struct StateCheckTests {
    @Test func everyStatePassesSignedOutAndSignedIn() async throws {
        let app = try TravelApp.make(secret: .random())
        var options = StateCheckOptions(capPerScreen: 4)
        options.signIn = StateCheckOptions.SignIn(page: "/welcome/~sign-in", fields: ["Name": "Ada"])
        let report = try await app.checkEveryState(options)
        #expect(report.findings.isEmpty)
        #expect(report.states.contains { $0.viewer == "signed in" && $0.url == "/trips/trip/3" && $0.status == 200 })
    }
}
