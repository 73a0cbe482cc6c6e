import Foundation
import WebRouter

// A tiny app with a live scoreboard and a match page, for the event-stream tests.

struct LiveBoard: ContentScreen {
    let title = "Board"
    var match: Push<LiveBoard, LiveMatch>
    func body(_ context: Void, router: Router<LiveBoard>) -> some HTML {
        h1 { "Board" }
        a(.href(router.link(\.match, 12))) { "Match 12" }
    }
    func liveKeys(for context: Void) -> [LiveKey] { ["scores"] }
}

struct LiveMatch: ContentScreen {
    typealias Context = Int
    func title(for context: Int) -> String { "Match \(context)" }
    func body(_ id: Int, router: Router<LiveMatch>) -> some HTML {
        h1 { "Match \(id)" }
    }
    func liveKeys(for id: Int) -> [LiveKey] { [LiveKey("match", id), "scores"] }
}

struct StillPage: ContentScreen {
    let title = "Still"
    func body(_ context: Void, router: Router<StillPage>) -> some HTML { h1 { "Nothing live" } }
}

enum LiveApp {
    static func make(_ adjust: (inout LiveConfiguration) -> Void = { _ in }) throws -> Application {
        let window = Window(Tabs {
            Navigation(LiveBoard(match: Push(LiveMatch())))
            Navigation(StillPage())
        })
        var configuration = ApplicationConfiguration(
            appName: "Live", secret: AppSecret(passphrase: String(repeating: "test secret ", count: 4))!)
        configuration.logger.logLevel = .critical
        // Signals go out at once; tests never wait on the coalescing timer (they flush).
        configuration.live.coalescingDelay = .seconds(3600)
        configuration.live.heartbeatInterval = .seconds(3600)
        adjust(&configuration.live)
        return try Application(window, configuration: configuration)
    }

    /// A fresh directory for a ``DirectoryBroadcaster``, short enough for a socket path.
    static func temporaryDirectory() -> String {
        "/tmp/wr-live-\(UInt32.random(in: 0...UInt32.max))"
    }
}
