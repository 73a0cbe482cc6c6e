import Testing
import WebRouter
import WebRouterTesting
@testable import webapp

extension TestClient {
    /// The move the enhancement script read from the last two URLs (`<html data-move>`), `nil` before it ran.
    func move() async throws -> String? {
        let value = try await evaluate("return document.documentElement.getAttribute('data-move')")
        return value == "null" ? nil : value
    }

    /// Navigates as a link does, lands on `screen`, and checks the view transition is `expected`.
    func moves(to url: String, screen: String, expected: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await assignLocation(url)
        try expect(url: url, screen: screen, sourceLocation: sourceLocation)
        try await waitUntil("a data-move on <html>", sourceLocation: sourceLocation,
                            "return document.documentElement.getAttribute('data-move') !== null")
        let move = try await move()
        #expect(move == expected, "\(url): expected a \"\(expected)\" transition", sourceLocation: sourceLocation)
    }

    /// Starts a move with animations slowed down 20 times, saves a frame from its middle as
    /// `name`, and says whether the move's own animation was running then.
    func frame(of url: String, screen: String, name: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Bool {
        let session = try await webDriverSession()
        try await session.devTools("Animation.enable")
        try await session.devTools("Animation.setPlaybackRate", ["playbackRate": 0.05])
        try await assignLocation(url)
        try expect(url: url, screen: screen, sourceLocation: sourceLocation)
        // Halfway through the move's own animation (not the default cross-fade of the root).
        let halfway = """
            return document.getAnimations().some(a => a.playState === 'running' &&
                /::view-transition-(old|new)\\((screen|sheet)\\)/.test(String(a.effect && a.effect.pseudoElement)) &&
                a.effect.getComputedTiming().progress >= 0.45)
            """
        try await waitUntil("the move's animation halfway", timeout: .seconds(30), sourceLocation: sourceLocation, halfway)
        let running = try await isTrue("(function () { \(halfway) })()", sourceLocation: sourceLocation)
        try await saveScreenshot(name, sourceLocation: sourceLocation)
        try await session.devTools("Animation.setPlaybackRate", ["playbackRate": 1])
        try await waitUntil("the animations to end", sourceLocation: sourceLocation,
                            "return !document.getAnimations().some(a => a.playState === 'running')")
        return running
    }
}

extension BrowserTests {
    /// Animated moves: every navigation between two pages of the app runs a cross-document
    /// view transition named after what the move is (push, pop, present, dismiss, tab), which
    /// the enhancement script reads from the two URLs and shows as `<html data-move="…">`.
    /// (Was Tests/Browser/test_transitions.py.)
    @Suite("View transitions")
    struct TransitionTests {
        static let motion = BrowserOptions(width: 390, height: 844, reducedMotion: false)

        @Test func eachKindOfMoveRunsItsOwnTransition() async throws {
            try await Browser.test(Self.motion) { client in
                try await client.signIn(landingOn: "/dashboard", screen: "Dashboard")
                try await client.moves(to: DemoLinks.league, screen: "League", expected: "push")
                try await client.goBack()                      // history Back plays the reverse
                try client.expect(url: "/dashboard", screen: "Dashboard")
                try await client.waitUntil("a data-move on <html>", "return document.documentElement.getAttribute('data-move') !== null")
                #expect(try await client.move() == "pop")
                try await client.goForward()
                try client.expect(url: DemoLinks.league, screen: "League")
                try await client.waitUntil("a push", "return document.documentElement.getAttribute('data-move') === 'push'")
                try await client.moves(to: "/dashboard", screen: "Dashboard", expected: "pop")
                try await client.moves(to: "/search", screen: "Search", expected: "tab")
                try await client.moves(to: DemoLinks.player, screen: "Player", expected: "present present-sheet")
                try await client.moves(to: "/search", screen: "Search", expected: "dismiss dismiss-sheet")
            }
        }

        @Test func reducedMotionRunsNoTransition() async throws {
            try await Browser.test { client in   // reduced motion, as every still screenshot
                try await client.signIn(landingOn: "/dashboard", screen: "Dashboard")
                try await client.assignLocation(DemoLinks.league)
                try client.expect(url: DemoLinks.league, screen: "League")
                #expect(try await client.move() == nil)
            }
        }

        /// The README's frames: each taken while its view transition is running.
        @Test func framesOfAPushAPresentAndADismiss() async throws {
            try await Browser.test(Self.motion) { client in
                try await client.signIn(landingOn: "/dashboard", screen: "Dashboard")
                #expect(try await client.frame(of: DemoLinks.league, screen: "League", name: "move-push.png"))
                try await client.assignLocation("/search")
                try client.expect(url: "/search", screen: "Search")
                #expect(try await client.frame(of: DemoLinks.player, screen: "Player", name: "move-present.png"))
                #expect(try await client.frame(of: "/search", screen: "Search", name: "move-dismiss.png"))
            }
        }
    }
}
