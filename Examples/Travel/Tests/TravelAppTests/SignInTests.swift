import Testing
import WebRouter
import WebRouterTesting
import TravelApp

/// A deep link opened signed out: the person signs in through the sheet (mistyping once) and
/// lands on the trip they asked for, in process and over the real server.
@Suite struct SignInTests {
    @Test(arguments: [TestClient.Mode.inProcess, .live])
    func aDeepLinkSurvivesTheSignInSheet(_ mode: TestClient.Mode) async throws {
        let app = try TravelApp.make(secret: .random())
        try await app.test(mode) { client in
            try await client.get("/trips/trip/3")
            try client.expect(url: "/welcome?next=/trips/trip/3", screen: "Welcome")

            try await client.click(.link("Sign in"))
            try client.expect(url: "/welcome/~sign-in?next=/trips/trip/3", screen: "SignIn", modals: ["SignIn"])

            try await client.press("Sign in")                                  // no name yet
            try client.expect(status: 422, screen: "SignIn", text: "Enter your name.")
            try await client.fill("Name", with: "Ada")
            try await client.press("Sign in")
            try client.expect(url: "/trips/trip/3", screen: "TripDetail", selectedTab: "Trips", text: "Booked for Ada.")
        }
    }
}
