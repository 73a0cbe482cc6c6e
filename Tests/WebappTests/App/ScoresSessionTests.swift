import Testing
import WebRouter
import WebRouterTesting
@testable import webapp
import WebRouterAccounts

/// Signing in, registering and signing out drive the window's case.
@Suite("Scores app: sessions")
struct ScoresSessionTests {
    @Test(arguments: [("/", nil), ("/feed/match/12", "/feed/match/12"), ("/messages/~settings", "/messages/~settings")])
    func signedOutVisitorsAreSentToWelcome(url: String, next: String?) async throws {
        let client = try await ScoresFixture().visitor()
        client.followsRedirects = false
        let answer = try await client.get(url)
        #expect((300..<400).contains(answer.status.code))
        let location = try #require(answer.location)
        let target = try #require(HTTPRequest(method: .get, path: location) as HTTPRequest?)
        #expect(target.path == "/welcome")
        #expect(target.query["next"] == next)
    }

    @Test func loginCycleLandsOnTheWantedPage() async throws {
        let client = try await ScoresFixture().visitor()
        let welcome = try await client.get("/feed/match/12")
        try welcome.expect(screen: "Welcome")
        let login = try await client.follow("Sign in", on: welcome)
        try login.expect(screen: "Login", text: "Try the demo account: demo / demo")
        let form = try login.form("sign-in")
        #expect(form["_csrf"]?.isEmpty == false)
        #expect(client.cookies["wr_csrf"] != nil)

        client.followsRedirects = false
        try await client.fill("Username", with: "demo")
        try await client.fill("Password", with: "demo")
        let redirect = try await client.press("Sign in")
        #expect(redirect.status.code == 303)
        #expect(redirect.location == "/feed/match/12")
        client.followsRedirects = true
        let match = try await client.get("/feed/match/12")
        try match.expect(screen: "Match")
        #expect(match.selectedTabLabel == "Feed")
    }

    @Test func wrongPasswordIsRefusedWith422() async throws {
        let client = try await ScoresFixture().visitor()
        try await client.get("/welcome/~login")
        try await client.fill("Username", with: "demo")
        try await client.fill("Password", with: "nope")
        let again = try await client.press("Sign in")
        try again.expect(status: 422, screen: "Login", text: "Wrong username or password.")
        #expect(try again.element(.textbox("Username")).value == "demo")
        let feed = try await client.get("/feed")
        try feed.expect(screen: "Welcome")
    }

    @Test func aForeignNextIsIgnored() async throws {
        let client = try await ScoresFixture().visitor()
        try await client.get("/welcome/~login?next=https%3A%2F%2Fevil.example%2F")
        client.followsRedirects = false
        try await client.fill("Username", with: "demo")
        try await client.fill("Password", with: "demo")
        let redirect = try await client.press("Sign in")
        #expect(redirect.location == "/feed")
    }

    @Test func registrationValidatesThenSignsIn() async throws {
        let fixture = try await ScoresFixture()
        let client = try fixture.visitor()
        let form = try await client.get("/welcome/~registration")
        // Values the page's constraints refuse: sent by field name on purpose (fill would refuse them).
        let invalid = try await client.submit("register", on: form, ["username": "X!", "display_name": " ", "password": "ab"])
        try invalid.expect(status: 422, screen: "Registration", text: "Enter a display name.")
        try invalid.expect(status: 422, text: "Use at least 4 characters.")

        try await client.fill("Username", with: "ada")
        try await client.fill("Display name", with: "Ada Lovelace")
        try await client.fill("Password", with: "engine")
        let feed = try await client.press("Create account")
        try feed.expect(screen: "Feed")
        let dashboard = try await client.get("/dashboard")
        try dashboard.expect(text: "Ada Lovelace")
        #expect(try await fixture.data.accounts.store.authenticate(username: "ada", password: "engine") != nil)
    }

    @Test func signOutEndsTheSession() async throws {
        let client = try await ScoresFixture().signedIn()
        try await client.get("/messages/~settings?confirm=sign-out")
        let welcome = try await client.within(.alertDialog("Sign out?")) { try await client.press("Sign out") }
        try welcome.expect(screen: "Welcome")
        let again = try await client.get("/dashboard")
        try again.expect(screen: "Welcome")
    }
}
