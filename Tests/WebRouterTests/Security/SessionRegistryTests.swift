import Synchronization
import Testing
@testable import WebRouter
import WebRouterTesting

/// The framework side of sessions that end: a registry answering `false` signs the request
/// out (the window's signed-out case) and clears the cookie; one that throws signs it out but
/// keeps the cookie; it is asked once per request, and never for a request without a session.
@Suite("Sessions that end: the registry")
struct SessionRegistryTests {
    /// A registry whose answer the test sets, counting the questions.
    final class Registry: SessionRegistry {
        enum Answer { case active, ended, failing }
        struct Failure: Error {}
        private let state = Mutex<(answer: Answer, asked: Int)>((.active, 0))
        var asked: Int { state.withLock { $0.asked } }
        func answer(_ answer: Answer) { state.withLock { $0.answer = answer } }

        func isActive(_ session: Session) async throws -> Bool {
            let answer = state.withLock { state in
                state.asked += 1
                return state.answer
            }
            switch answer {
            case .active: return true
            case .ended: return false
            case .failing: throw Failure()
            }
        }
    }

    static func app(_ registry: Registry) throws -> Application {
        var configuration = try NotesApp.make().configuration
        configuration.sessionRegistry = registry
        return Application(table: try NotesApp.make().table, configuration: configuration)
    }

    @Test func anEndedSessionIsSignedOutAndItsCookieCleared() async throws {
        let registry = Registry()
        try await Self.app(registry).test { client in
            try await client.get("/sign-in")
            #expect(registry.asked == 0, "a visitor without a session costs no question")
            try await client.fill("Username", with: "ada")
            try await client.press("Sign in").expect(screen: "Notes")
            let before = registry.asked
            try await client.get("/notes").expect(screen: "Notes")
            #expect(registry.asked == before + 1, "asked once per request")

            registry.answer(.ended)
            let replayed = try await client.get("/notes")
            try replayed.expect(screen: "SignIn")
            #expect(client.cookies["wr_session"] == nil)
        }
    }

    @Test func aFailingRegistrySignsTheRequestOutButKeepsTheCookie() async throws {
        let registry = Registry()
        try await Self.app(registry).test { client in
            try await client.get("/sign-in")
            try await client.fill("Username", with: "ada")
            try await client.press("Sign in").expect(screen: "Notes")
            registry.answer(.failing)
            try await client.get("/notes").expect(screen: "SignIn")
            #expect(client.cookies["wr_session"] != nil)
            registry.answer(.active)
            try await client.get("/notes").expect(screen: "Notes")
        }
    }

    @Test func sessionIDsAreRandomAndKeptInTheSession() {
        var session = Session(issuedAt: 0)
        let id = Session.newID()
        #expect(id.count == 22 && id != Session.newID())
        session.id = id
        #expect(session[Session.idKey] == id)
    }
}
