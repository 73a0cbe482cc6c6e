import Foundation
import Synchronization
import Testing
@testable import WebRouter
import WebRouterTesting

// Issue 45: a page with live keys opens its event stream however it arrives — a fresh load,
// the morph of a form's answer (a sign-in's 303 to the deep link that was asked for), Back
// and Forward between entries the script pushed, and a return from the back/forward cache —
// and a page without live keys closes it, exactly as a fresh load of each would.

private struct Door: ContentScreen {
    let title = "Welcome"
    var signIn: Present<Door, Navigation<Key>>
    func body(_ context: Void, router: Router<Door>) -> some HTML {
        h1 { "Welcome" }
        a(.href(router.link(\.signIn))) { "Sign in" }
    }
}

private struct Key: ContentScreen {
    enum Action: String, ScreenAction { case signIn = "sign-in" }
    let title = "Sign in"
    func body(_ context: Void, router: Router<Key>) -> some HTML {
        router.form(.signIn) {
            router.field("username", label: "Username")
            button(.type("submit")) { "Sign in" }
        }
    }
    func perform(_ action: Action, form: FormData, router: Router<Key>) async throws -> ActionResult {
        router.request.updateSession { $0["user"] = form["username"] ?? "someone" }
        return .move(to: router.request.nextURL ?? "/rooms")
    }
}

private struct Rooms: ContentScreen {
    enum Action: String, ScreenAction { case open }
    let title = "Rooms"
    var room: Push<Rooms, Room>
    func body(_ context: Void, router: Router<Rooms>) -> some HTML {
        h1 { "Rooms" }
        router.form(.open) { button(.type("submit")) { "Open room 7" } }
    }
    func perform(_ action: Action, form: FormData, router: Router<Rooms>) async throws -> ActionResult {
        .move(to: router.link(\.room, 7))
    }
}

private struct Room: ContentScreen {
    typealias Context = Int
    enum Action: String, ScreenAction { case leave }
    let board: GoalBoard
    func title(for context: Int) -> String { "Room \(context)" }
    func body(_ id: Int, router: Router<Room>) -> some HTML {
        h1 { "Room \(id)" }
        p(.id("goals")) { "Goals: \(board.goals.withLock { $0 })" }
        router.form(.leave) { button(.type("submit")) { "Leave" } }
        a(.href("/rooms")) { "All rooms" }
    }
    func perform(_ action: Action, form: FormData, router: Router<Room>) async throws -> ActionResult {
        .move(to: "/rooms")
    }
    func liveKeys(for id: Int) -> [LiveKey] { [LiveKey("room", id)] }
}

private final class GoalBoard: Sendable {
    let goals = Mutex(0)
}

@Suite("Live pages however they arrive", .serialized, .enabled(if: WebDriverSessionAvailability.reason == nil))
struct LiveArrivalBrowserTests {
    private let board = GoalBoard()

    private func makeApp() throws -> Application {
        let window = Window(selecting: { $0.session["user"] == nil ? 0 : 1 }) {
            Navigation(Door(signIn: Present(Navigation(Key()))))
            Tabs { Navigation(Rooms(room: Push(Room(board: board)))) }
        }
        var configuration = ApplicationConfiguration(
            appName: "Rooms", secret: AppSecret(passphrase: String(repeating: "arrive secret ", count: 4))!)
        configuration.logger.logLevel = .critical
        configuration.live.coalescingDelay = .seconds(3600)
        configuration.live.heartbeatInterval = .seconds(3600)
        return try Application(window, configuration: configuration)
    }

    /// Waits until the page's stream is `state` ("open": the server has it and said hello;
    /// "none": the page closed it), as the page's script reports it.
    private func stream(_ state: String, _ client: TestClient, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        var last = ""
        for _ in 0..<500 {
            last = try await client.evaluate("var s = window.WebRouter.stream(); return s.state + ' ' + (s.url || '');")
            if last.hasPrefix(state + " ") { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("the page's stream is \(last), not \(state)", sourceLocation: sourceLocation)
        throw CancellationError()
    }

    /// A goal, signalled once the page's stream is open; the page shows it without a reload.
    private func scoreAndSee(_ goals: Int, _ app: Application, _ client: TestClient, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await stream("open", client, sourceLocation: sourceLocation)
        #expect(app.live.streamCount(for: "room/7") >= 1, sourceLocation: sourceLocation)
        board.goals.withLock { $0 = goals }
        app.refresh(LiveKey("room", 7))
        app.live.flush()
        try await client.waitUntil(text: "Goals: \(goals)", timeout: .seconds(10), sourceLocation: sourceLocation)
    }

    @Test func signingInThroughTheSheetOntoALiveDeepLinkOpensItsStream() async throws {
        let app = try makeApp()
        try await app.test(.browser) { client in
            try await client.get("/rooms/room/7")
            try client.expect(screen: "Door")
            try await client.click(.link("Sign in"))
            try await client.fill("Username", with: "ada")
            _ = try await client.evaluate("window.__kept = 'the same window'; return null")
            try await client.press("Sign in")
            // The sign-in's 303 was morphed in: the same window, at the deep link.
            try client.expect(url: "/rooms/room/7", screen: "Room", text: "Goals: 0")
            #expect(try await client.evaluate("return String(window.__kept)") == "the same window")
            try await scoreAndSee(1, app, client)
            #expect(try await client.evaluate("return String(window.__kept)") == "the same window")
        }
    }

    @Test func aFormsMorphOpensTheStreamLeavingClosesItAndBackAndForwardReopenIt() async throws {
        let app = try makeApp()
        try await app.test(.browser) { client in
            try await client.get("/rooms")                    // signed out: the sign-in first
            try await client.click(.link("Sign in"))
            try await client.fill("Username", with: "ada")
            try await client.press("Sign in")
            try client.expect(url: "/rooms", screen: "Rooms")
            _ = try await client.evaluate("window.__kept = 'the same window'; return null")

            try await client.press("Open room 7")             // a form's 303, morphed
            try client.expect(url: "/rooms/room/7", screen: "Room")
            try await scoreAndSee(1, app, client)

            try await client.press("Leave")                   // a page without live keys
            try client.expect(url: "/rooms", screen: "Rooms")
            try await stream("none", client)
            #expect(try await client.evaluate("return String(!!document.querySelector('meta[name=\"webrouter-events\"]'))") == "false")

            try await client.goBack()                          // popstate, morphed
            try client.expect(url: "/rooms/room/7", screen: "Room")
            try await scoreAndSee(2, app, client)

            try await client.goBack()
            try client.expect(url: "/rooms", screen: "Rooms")
            try await stream("none", client)
            try await client.goForward()
            try client.expect(url: "/rooms/room/7", screen: "Room")
            try await scoreAndSee(3, app, client)
            #expect(try await client.evaluate("return String(window.__kept)") == "the same window")
        }
    }

    @Test func aPageBackFromAnotherDocumentReopensItsStream() async throws {
        let app = try makeApp()
        try await app.test(.browser) { client in
            try await client.get("/rooms")
            try await client.click(.link("Sign in"))
            try await client.fill("Username", with: "ada")
            try await client.press("Sign in")
            try await client.press("Open room 7")
            try client.expect(url: "/rooms/room/7", screen: "Room")
            try await stream("open", client)
            try await client.click(.link("All rooms"))        // another document
            try client.expect(url: "/rooms", screen: "Rooms")
            try await stream("none", client)
            // Back: restored from the back/forward cache (pageshow, persisted) where the
            // browser keeps it, else loaded afresh; either way the stream is open again.
            try await client.goBack()
            try client.expect(url: "/rooms/room/7", screen: "Room")
            try await scoreAndSee(4, app, client)
        }
    }
}
