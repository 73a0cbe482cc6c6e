// Deployment.md, "Sign-in, throttled" and "Sessions that end": an app's sign-in with the
// framework's throttle and hashing pool, and its sessions checked against its own store.
import Testing
import WebRouter

/// A stand-in for the app's account store (a database in a real app).
actor Members {
    private var hashes = ["ada": Members.hash("engine")]
    private var sessions: [String: String] = [:]   // id → username

    /// A stand-in for a slow password hash (PBKDF2, Argon2).
    static func hash(_ password: String) -> String { String(password.reversed()) }
    /// What an unknown username's password is checked against: the same work, no match.
    static let unknownUserHash = "\u{0}"

    func storedHash(of username: String) -> String? { hashes[username] }
    func startSession(username: String) -> String {
        let id = Session.newID()
        sessions[id] = username
        return id
    }
    func isSessionActive(id: String, username: String) -> Bool { sessions[id] == username }
    func endSession(id: String) { sessions[id] = nil }
}

struct StoreSessions: SessionRegistry {
    let accounts: Members

    func isActive(_ session: Session) async throws -> Bool {
        guard let user = session["user"] else { return true }   // a visitor: nothing to end
        guard let id = session.id else { return false }
        return await accounts.isSessionActive(id: id, username: user)
    }
}

struct SignIn: ContentScreen {
    enum Action: String, ScreenAction { case signIn = "sign-in" }
    let title = "Sign in"
    let accounts: Members
    let throttle: AttemptThrottle          // one per action, shared by every request
    let hashing: BoundedWorkPool           // at most half the cores hash at once

    func body(_ context: Void, router: Router<SignIn>) -> some HTML {
        router.form(.signIn) {
            router.field("username", label: "Username")
            router.field("password", label: "Password", type: "password")
            button(.type("submit")) { "Sign in" }
        }
    }

    func perform(_ action: Action, form: FormData, router: Router<SignIn>) async throws -> ActionResult {
        let username = form["username"] ?? ""
        let keys: [AttemptThrottle.Key] = [.account(username), .client(router.request)]
        if let wait = throttle.retryAfter(keys, now: router.request.now) {
            return .tooManyAttempts(retryAfter: wait, FormErrors(general: [AttemptThrottle.message(retryAfter: wait)]))
        }
        let password = form["password"] ?? ""
        let stored = await accounts.storedHash(of: username) ?? Members.unknownUserHash
        let matches: Bool
        do {
            // The slow hash runs on the pool; a full queue is refused at once.
            matches = try await hashing.run { Members.hash(password) == stored }
        } catch {
            return .tooManyAttempts(retryAfter: 2, FormErrors(general: ["The server is busy. Try again in a moment."]))
        }
        guard matches else {
            throttle.recordFailure(keys, now: router.request.now)
            return .invalid(FormErrors(general: ["Wrong username or password."]))
        }
        throttle.recordSuccess([.account(username)])
        let id = await accounts.startSession(username: username)
        router.request.updateSession { $0["user"] = username; $0.id = id }
        return .move(to: router.request.nextURL ?? "/")
    }
}

enum SignInSample {
    static func application(accounts: Members, throttle: AttemptThrottle = AttemptThrottle()) throws -> Application {
        var configuration = ApplicationConfiguration(appName: "Journal")
        configuration.sessionRegistry = StoreSessions(accounts: accounts)
        let signIn = SignIn(accounts: accounts, throttle: throttle, hashing: BoundedWorkPool())
        return try Application(Window(signIn), configuration: configuration)
    }
}

@Suite struct SignInSampleTests {
    @Test func theSampleThrottlesWrongPasswords() async throws {
        // A first delay of a minute: the wall clock cannot run past it during the test.
        let app = try SignInSample.application(accounts: Members(), throttle: AttemptThrottle(firstDelay: 60))
        let client = try TestSampleClient(app)
        for _ in 0..<6 { _ = try await client.signIn("ada", "wrong") }
        #expect(try await client.signIn("ada", "engine") == 429)
    }
}

/// Posts the sample's form through the application, with a fresh CSRF cookie and token.
struct TestSampleClient {
    let app: Application
    init(_ app: Application) throws { self.app = app }

    func signIn(_ username: String, _ password: String) async throws -> Int {
        let page = await app.respond(to: HTTPRequest(path: "/"))
        let html = String(decoding: page.body, as: UTF8.self)
        let cookie = try #require(page.headers.values(for: "Set-Cookie").first?.split(separator: ";").first)
        let token = try #require(html.firstMatch(of: /name="_csrf" value="([^"]+)"/)?.1)
        let body = "_action=sign-in&_csrf=\(token)&username=\(username)&password=\(password)"
        let answer = await app.respond(to: HTTPRequest(
            method: .post, path: "/",
            headers: ["Cookie": String(cookie), "Content-Type": "application/x-www-form-urlencoded"], body: Array(body.utf8)))
        return answer.status.code
    }
}
