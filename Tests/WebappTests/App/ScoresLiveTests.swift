import Testing
import WebRouter
import WebRouterTesting
@testable import webapp

/// The demo's simulated live match: a goal (advanced by the test, no clock) refreshes the
/// match's page and the feed, whose pages carry their event streams.
@Suite struct ScoresLiveTests {
    @Test func aGoalInTheLiveMatchRefreshesItsPageAndTheFeed() async throws {
        let fixture = try await ScoresFixture()
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

    @Test func theFeedListsTheLiveMatchOnceUnderLiveNowAndFourOthersUnderNextUp() async throws {
        let fixture = try await ScoresFixture()
        let client = try await fixture.signedIn()
        let feed = try await client.get("/feed")
        let matchLinks = feed.links.filter { $0.href.hasPrefix("/feed/match/") }
        let live = "/feed/match/\(fixture.data.live.matchID)"
        #expect(matchLinks.filter { $0.href == live }.count == 1)
        #expect(matchLinks.first?.href == live)   // the first list on the page: "Live now"
        let upcoming = fixture.data.sample.upcomingMatches(limit: 5).map { "/feed/match/\($0.id)" }.filter { $0 != live }
        #expect(Array(matchLinks.dropFirst().prefix(4).map(\.href)) == upcoming)
        await client.shutdown()
    }

    @Test func aMatchThatIsNotPlayingLiveOpensNoStream() async throws {
        let fixture = try await ScoresFixture()
        let client = try await fixture.signedIn()
        let other = fixture.data.live.matchID == 12 ? 13 : 12
        #expect(try await client.get("/feed/match/\(other)").eventsURL == nil)
        await client.shutdown()
    }
}
