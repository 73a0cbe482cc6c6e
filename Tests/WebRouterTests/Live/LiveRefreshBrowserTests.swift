import Foundation
import Synchronization
import Testing
@testable import WebRouter
import WebRouterTesting

/// A score the test changes, shown by ``LiveScore``.
final class Scoreboard: Sendable {
    let goals = Mutex(0)
}

/// A screen showing the live key `score`.
struct LiveScore: ContentScreen {
    let title = "Score"
    let board: Scoreboard
    func body(_ context: Void, router: Router<LiveScore>) -> some HTML {
        h1 { "Goals: \(board.goals.withLock { $0 })" }
        label(.for("note")) { "Note" }
        input(.id("note"), .name("note"), .type("text"))
    }
    func liveKeys(for context: Void) -> [LiveKey] { ["score"] }
}

/// Both halves of issue 32 in Chromium: the server's refresh signal reaches the open page over
/// its event stream, and the enhancement script morphs it in place — no navigation, so what
/// the page's window holds and what the person typed survive.
@Suite("A refresh signal in the browser", .serialized, .enabled(if: WebDriverSessionAvailability.reason == nil))
struct LiveRefreshBrowserTests {
    @Test func aRefreshSignalUpdatesTheOpenPageWithoutANavigation() async throws {
        let board = Scoreboard()
        var configuration = ApplicationConfiguration(
            appName: "Live", secret: AppSecret(passphrase: String(repeating: "test secret ", count: 4))!)
        configuration.logger.logLevel = .critical
        let app = try Application(Window(Navigation(LiveScore(board: board))), configuration: configuration)
        try await app.test(.browser) { client in
            try await client.get("/")
            try client.expect(screen: "LiveScore", text: "Goals: 0")
            try await client.fill("Note", with: "typed before the goal")
            let entries = try await client.evaluate("window.__kept = 'the same window'; return String(history.length);")
            board.goals.withLock { $0 = 1 }
            // The stream may not be open yet when the first signal goes: signal until the page
            // shows the goal, each time waiting in the page (not here) up to 2 s for the change.
            var shown = ""
            for _ in 0..<15 where !shown.contains("Goals: 1") {
                app.refresh("score")
                app.live.flush()
                shown = try await client.evaluate("""
                    return new Promise(function (resolve) {
                      var give = setTimeout(function () { resolve(document.querySelector('h1').textContent); }, 2000);
                      new MutationObserver(function () {
                        if (document.querySelector('h1').textContent.indexOf('Goals: 1') >= 0) {
                          clearTimeout(give); resolve(document.querySelector('h1').textContent);
                        }
                      }).observe(document.body, {subtree: true, childList: true, characterData: true});
                    });
                    """)
            }
            #expect(shown == "Goals: 1")
            let kept = try await client.evaluate("""
                return [window.__kept || 'a new page', document.getElementById('note').value, String(history.length)].join('|');
                """)
            #expect(kept == "the same window|typed before the goal|\(entries)")
        }
    }
}
