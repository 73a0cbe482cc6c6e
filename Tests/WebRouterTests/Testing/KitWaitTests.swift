import Synchronization
import Testing
@testable import WebRouter
import WebRouterTesting

// Issue 45: the kit waits for a page the server changes, in every mode: for a text, an
// element or any state of the page, with a timeout and a failure that says what the page
// showed. In process and live the page's event stream drives it; in Chromium, the page's own.

private final class WaitMatch: Sendable {
    let goals = Mutex(0)
    let renders = Mutex(0)
}

private struct MatchScreen: ContentScreen {
    let match: WaitMatch
    let title = "Match"
    func body(_ context: Void, router: Router<MatchScreen>) -> some HTML {
        let goals = match.goals.withLock { $0 }
        match.renders.withLock { $0 += 1 }
        return AnyHTML {
            h1 { "Match" }
            p { "Goals: \(goals)" }
            if goals >= 2 { button(.type("button")) { "Rematch" } }
        }
    }
    func liveKeys(for context: Void) -> [LiveKey] { ["match"] }
}

private struct Quiet: ContentScreen {
    let title = "Quiet"
    func body(_ context: Void, router: Router<Quiet>) -> some HTML { p { "Nothing live here." } }
}

@Suite("The kit's waits", .serialized)
struct KitWaitTests {
    private func makeApp(_ match: WaitMatch) throws -> Application {
        var configuration = ApplicationConfiguration(
            appName: "Waits", secret: AppSecret(passphrase: String(repeating: "wait secret ", count: 4))!)
        configuration.logger.logLevel = .critical
        configuration.live.coalescingDelay = .seconds(3600)
        configuration.live.heartbeatInterval = .seconds(3600)
        return try Application(Window(Tabs { Navigation(MatchScreen(match: match)); Navigation(Quiet()) }), configuration: configuration)
    }

    /// Scores `goals` once the waiting side listens: the page's stream is open and (in the
    /// HTTP modes, where the wait loads the page again once its stream is open) that load
    /// happened, so only the signal can bring the change.
    private func score(_ goals: Int, in match: WaitMatch, _ app: Application, renders: Int) -> Task<Void, Never> {
        Task {
            while app.live.streamCount(for: "match") == 0 || match.renders.withLock({ $0 }) < renders {
                try? await Task.sleep(for: .milliseconds(10))
            }
            match.goals.withLock { $0 = goals }
            app.refresh("match")
            app.live.flush()
        }
    }

    @Test(arguments: TestClient.Mode.allCases)
    func waitingForATextAnElementAndAState(mode: TestClient.Mode) async throws {
        let match = WaitMatch()
        let app = try makeApp(match)
        try await app.test(mode) { client in
            try await client.get("/match-screen")
            let listening = mode == .browser ? 1 : 2
            let first = score(1, in: match, app, renders: listening)
            let page = try await client.waitUntil(text: "Goals: 1", timeout: .seconds(10))
            await first.value
            #expect(page.visibleText.contains("Goals: 1"))
            try client.expect(url: "/match-screen", text: "Goals: 1")   // the client's page now

            let second = score(2, in: match, app, renders: match.renders.withLock { $0 } + (mode == .browser ? 0 : 1))
            try await client.waitUntil(.button("Rematch"), timeout: .seconds(10))
            await second.value

            let third = score(3, in: match, app, renders: match.renders.withLock { $0 } + (mode == .browser ? 0 : 1))
            let shown = try await client.waitUntil("three goals and no rematch", timeout: .seconds(10)) { page in
                page.visibleText.contains("Goals: 3") && page.screen == "MatchScreen"
            }
            await third.value
            #expect(shown.screen == "MatchScreen")
        }
    }

    @Test(arguments: TestClient.Mode.allCases)
    func aWaitThatTimesOutSaysWhatThePageShowed(mode: TestClient.Mode) async throws {
        let match = WaitMatch()
        try await makeApp(match).test(mode) { client in
            try await client.get("/match-screen")
            try await withKnownIssue {
                try await client.waitUntil(text: "Goals: 9", timeout: .milliseconds(300))
            } matching: { issue in
                let text = issue.comments.map(\.rawValue).joined()
                return text.contains("the page did not show text \"Goals: 9\" within 0.3 seconds") && text.contains("page text:")
                    && text.contains("Goals: 0")
            }
        }
    }

    @Test(arguments: [TestClient.Mode.inProcess, .live])
    func aPageWithoutAStreamCannotChangeSoTheWaitEndsAtOnce(mode: TestClient.Mode) async throws {
        try await makeApp(WaitMatch()).test(mode) { client in
            try await client.get("/quiet")
            try await withKnownIssue {
                try await client.waitUntil(text: "Something", timeout: .seconds(60))
            } matching: { issue in
                issue.comments.map(\.rawValue).joined().contains("names no event stream")
            }
        }
    }
}
