import Testing
import WebRouter
import WebRouterTesting
@testable import webapp

/// The demo's error pages stay in the app: a missing id inside a tab and a body over the
/// limit keep the tab bar with that tab selected and lead back to the nearest valid screen.
@Suite("Demo: error pages inside the app")
struct ScoresErrorPageTests {
    @Test func aMissingIdInsideATabKeepsTheTabBar() async throws {
        let client = try await ScoresFixture().signedIn()
        let page = try await client.get("/feed/tournament/999")
        try page.expect(status: 404, screen: "Error", selectedTab: "Feed")
        #expect(page.tabs.map(\.label).contains("Feed"))
        #expect(page.links.first { $0.rel == "up" }?.href == "/feed")

        let deeper = try await client.get("/feed/tournament/5/match/99999")
        try deeper.expect(status: 404, screen: "Error", selectedTab: "Feed")
        #expect(deeper.links.first { $0.rel == "up" }?.href == "/feed/tournament/5")
    }

    @Test func aBodyOverTheLimitInsideATabKeepsTheTabBar() async throws {
        let client = try await ScoresFixture().signedIn()
        let page = try await client.request(
            .post, "/messages/~settings", headers: [("Content-Type", "application/x-www-form-urlencoded")],
            body: Array(repeating: UInt8(ascii: "a"), count: 2 << 20))
        try page.expect(status: 413, screen: "Error", selectedTab: "Messages")
        #expect(page.links.first { $0.rel == "up" }?.href == "/messages/~settings")
    }

    @Test func aSignedOutVisitorIsLedToTheirOwnStart() async throws {
        let client = try await ScoresFixture().visitor()
        let page = try await client.get("/no-such-page")
        try page.expect(status: 404, screen: "Error")
        #expect(page.tabs.isEmpty, "a visitor has no tabs")
        #expect(page.links.first { $0.rel == "up" }?.href == "/welcome")
    }
}
