import Testing
import WebRouter
import WebRouterTesting

// The README's "Live pages and the dev loop" samples, compiled and run.

struct Scoreboard: ContentScreen {
    let title = "Scoreboard"
    func body(_ context: Void, router: Router<Scoreboard>) -> some HTML {
        h1 { "Scores" }
    }
    func liveKeys(for context: Void) -> [LiveKey] { ["scores"] }
}

@Test func aLivePageRefreshesWhenTheAppSignalsItsKey() async throws {
    let app = try Application(Window(Navigation(Scoreboard())))
    try await app.test(.inProcess) { client in
        let page = try await client.get("/")
        let events = try await client.openEvents(try #require(page.eventsURL))
        app.refresh("scores")
        #expect(try await events.next(named: "refresh")?.data == ["scores"])
    }
}

/// Testing's "Waiting for a page the server changes", in every mode.
@Test(arguments: TestClient.Mode.allCases)
func waitingForALivePage(mode: TestClient.Mode) async throws {
    let app = try Application(Window(Navigation(Scoreboard())))
    try await app.test(mode) { client in
        try await client.get("/")
        app.refresh("scores")
        try await client.waitUntil(text: "Scores", timeout: .seconds(5))
        try await client.waitUntil(.heading("Scores"))
        try await client.waitUntil("the scoreboard") { page in page.screen == "Scoreboard" }
    }
}
