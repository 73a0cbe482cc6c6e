import Foundation
import Testing
@testable import WebRouter
import WebRouterHTTP
import WebRouterTesting

@Suite struct LiveEventsTests {
    @Test(arguments: [TestClient.Mode.inProcess, .live])
    func aPageShowingALiveKeyCarriesItsStreamAndAPageShowingNoneDoesNot(mode: TestClient.Mode) async throws {
        let client = try TestClient(try LiveApp.make(), mode: mode)
        let match = try await client.get("/live-board/match/12")
        #expect(match.eventsURL == "/_webrouter/events?key=match/12&key=scores")
        let still = try await client.get("/still-page")
        #expect(still.eventsURL == nil)
        await client.shutdown()
    }

    @Test(arguments: [TestClient.Mode.inProcess, .live])
    func aStreamSaysHowToReconnectThenDeliversRefreshesAndHeartbeats(mode: TestClient.Mode) async throws {
        let app = try LiveApp.make()
        let client = try TestClient(app, mode: mode)
        let events = try await client.openEvents("/_webrouter/events?key=match%2F12")
        #expect(events.status == 200)
        #expect(events.headers["Content-Type"] == "text/event-stream; charset=utf-8")
        #expect(events.headers["Cache-Control"] == "no-store")
        let hello = try await events.next()
        #expect(hello?.retry == 2000)
        app.refresh(LiveKey("match", 13))   // not this page's
        app.refresh(LiveKey("match", 12))
        app.live.flush()
        #expect(try await events.next() == ServerSentEvent(name: "refresh", data: ["match/12"]))
        app.live.heartbeat()
        #expect(try await events.next() == ServerSentEvent(comments: ["heartbeat"]))
        events.close()
        await client.shutdown()
    }

    @Test func aBurstOfSignalsMakesOneRefreshNamingEachKeyOnce() async throws {
        let app = try LiveApp.make()
        let client = try TestClient(app, mode: .inProcess)
        let events = try await client.openEvents("/_webrouter/events?key=match%2F12&key=scores")
        _ = try await events.next()
        for _ in 0..<20 {
            app.refresh(LiveKey("match", 12))
            app.refresh(["scores", "other"])
        }
        app.live.flush()
        app.live.heartbeat()
        #expect(try await events.next() == ServerSentEvent(name: "refresh", data: ["match/12", "scores"]))
        // The very next thing is the heartbeat: the burst made one refresh.
        #expect(try await events.next() == ServerSentEvent(comments: ["heartbeat"]))
        await client.shutdown()
    }

    @Test func refreshesFromAnAsyncSequenceReachThePage() async throws {
        let app = try LiveApp.make { $0.coalescingDelay = .zero }
        let client = try TestClient(app, mode: .inProcess)
        let events = try await client.openEvents("/_webrouter/events?key=scores")
        _ = try await events.next()
        let (keys, continuation) = AsyncStream.makeStream(of: LiveKey.self)
        let feeding = Task { await app.refresh(from: keys) }
        continuation.yield("scores")
        continuation.finish()
        await feeding.value
        #expect(try await events.next(named: "refresh")?.data == ["scores"])
        await client.shutdown()
    }

    @Test(arguments: [TestClient.Mode.inProcess, .live])
    func streamsOverTheBoundsAreRefusedClearlyAndOthersKeepBeingServed(mode: TestClient.Mode) async throws {
        let app = try LiveApp.make { $0.streamsPerClient = 2 }
        let client = try TestClient(app, mode: mode)
        let first = try await client.openEvents("/_webrouter/events?key=scores")
        let second = try await client.openEvents("/_webrouter/events?key=scores")
        let third = try await client.openEvents("/_webrouter/events?key=scores")
        #expect(first.status == 200 && second.status == 200)
        #expect(third.status == 429)
        #expect(third.headers["Retry-After"] == "30")
        #expect(third.headers["Content-Type"]?.hasPrefix("text/html") == true)
        // Pages are still served, and the open streams still get their refreshes.
        #expect(try await client.get("/live-board").status == .ok)
        app.refresh("scores")
        app.live.flush()
        #expect(try await first.next(named: "refresh")?.data == ["scores"])
        #expect(try await second.next(named: "refresh")?.data == ["scores"])
        await client.shutdown()
    }

    @Test func theServerAsAWholeRefusesStreamsPastItsBoundWith503() async throws {
        let app = try LiveApp.make { $0.maximumStreams = 1 }
        let client = try TestClient(app, mode: .inProcess)
        let first = try await client.openEvents("/_webrouter/events?key=scores")
        let second = try await client.openEvents("/_webrouter/events?key=scores")
        #expect(first.status == 200)
        #expect(second.status == 503)
        // Closing a stream frees its slot.
        first.close()
        let third = try await client.openEvents("/_webrouter/events?key=scores")
        #expect(third.status == 200)
        await client.shutdown()
    }

    @Test func aClientThatDisconnectsFreesItsSlotOnTheLiveServer() async throws {
        let app = try LiveApp.make { $0.streamsPerClient = 1 }
        let client = try TestClient(app, mode: .live)
        let first = try await client.openEvents("/_webrouter/events?key=scores")
        _ = try await first.next()
        #expect(app.live.streamCount == 1)
        first.close()
        // The server notices a vanished client when it next writes: drive heartbeats until
        // the stream is gone (a controllable trigger, not a timed wait).
        let driver = Task {
            while !Task.isCancelled && app.live.streamCount > 0 {
                app.live.heartbeat()
                await Task.yield()
            }
        }
        await app.live.waitUntilStreamCount(atMost: 0)
        driver.cancel()
        let again = try await client.openEvents("/_webrouter/events?key=scores")
        #expect(again.status == 200)
        await client.shutdown()
    }

    @Test func stoppingTheServerEndsEveryOpenStream() async throws {
        let app = try LiveApp.make()
        let client = try TestClient(app, mode: .live)
        let events = try await client.openEvents("/_webrouter/events?key=scores")
        _ = try await events.next()
        #expect(app.live.streamCount == 1)
        await client.shutdown()   // the SIGTERM path: runUntilSignalled() calls stop()
        #expect(try await events.next() == nil)   // the last chunk arrived: the stream ended
        #expect(app.live.streamCount == 0)
    }

    @Test func oneIdleStreamHoldsNoServerThreadSoPagesAreStillServed() async throws {
        // Two server threads, five idle streams: a thread per stream would leave none for pages.
        let app = try LiveApp.make()
        let client = try TestClient(app, mode: .live)
        var streams: [EventStreamClient] = []
        for _ in 0..<5 { streams.append(try await client.openEvents("/_webrouter/events?key=scores")) }
        #expect(try await client.get("/live-board").status == .ok)
        for stream in streams { stream.close() }
        await client.shutdown()
    }

    @Test func twoInstancesSharingADirectoryBroadcasterRefreshEachOthersPages() async throws {
        let directory = LiveApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let one = try DirectoryBroadcaster(directory: directory)
        let two = try DirectoryBroadcaster(directory: directory)
        defer { one.close(); two.close() }
        let appOne = try LiveApp.make { $0.broadcaster = one; $0.coalescingDelay = .zero }
        let appTwo = try LiveApp.make { $0.broadcaster = two; $0.coalescingDelay = .zero }
        let clientOne = try TestClient(appOne, mode: .live)
        let clientTwo = try TestClient(appTwo, mode: .live)
        let events = try await clientTwo.openEvents("/_webrouter/events?key=match%2F12")
        _ = try await events.next()
        appOne.refresh(LiveKey("match", 12))   // signalled on the first instance…
        // …refreshes the page open on the second.
        #expect(try await events.next(named: "refresh")?.data == ["match/12"])
        await clientOne.shutdown()
        await clientTwo.shutdown()
    }

    @Test func developmentModeReloadsAPageOfAnEarlierBuildAndGivesEveryPageAStream() async throws {
        let app = try LiveApp.make { $0.development = true }
        let client = try TestClient(app, mode: .inProcess)
        let still = try await client.get("/still-page")
        let url = try #require(still.eventsURL)
        #expect(url == "/_webrouter/events?build=" + app.live.buildID)
        let current = try await client.openEvents(url)
        #expect(try await current.next()?.name == nil)
        let stale = try await client.openEvents("/_webrouter/events?build=earlier")
        #expect(try await stale.next(named: "reload") != nil)
        await client.shutdown()
    }
}
