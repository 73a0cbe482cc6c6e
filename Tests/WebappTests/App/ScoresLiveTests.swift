import Testing
import WebRouter
import WebRouterTesting
@testable import webapp

/// The demo's simulated live match: a goal (advanced by the test, no clock) refreshes the
/// match's page and the feed, whose pages carry their event streams.
@Suite struct ScoresLiveTests {
    @Test func aGoalInTheLiveMatchRefreshesItsPageAndTheFeed() async throws {
        let fixture = try ScoresFixture()
        let client = try await fixture.signedIn()
        let id = fixture.data.live.matchID
        let feed = try await client.get("/feed")
        #expect(feed.eventsURL == "/_webrouter/events?key=scores")
        let match = try await client.get("/feed/match/\(id)")
        #expect(match.eventsURL == "/_webrouter/events?key=match/\(id)")
        #expect(match.visibleText.contains("0–0"))
        let events = try await client.openEvents(try #require(match.eventsURL))
        fixture.app.refresh(fixture.data.live.advance())
        #expect(try await events.next(named: "refresh")?.data == ["match/\(id)"])
        #expect(try await client.get("/feed/match/\(id)").visibleText.contains("1–0"))
        #expect(try await client.get("/feed").visibleText.contains("Live · 9′"))
        events.close()
        await client.shutdown()
    }

    @Test func aMatchThatIsNotPlayingLiveOpensNoStream() async throws {
        let fixture = try ScoresFixture()
        let client = try await fixture.signedIn()
        let other = fixture.data.live.matchID == 12 ? 13 : 12
        #expect(try await client.get("/feed/match/\(other)").eventsURL == nil)
        await client.shutdown()
    }
}
