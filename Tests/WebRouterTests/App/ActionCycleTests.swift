import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP
import WebRouterTesting

/// The action cycle over real HTTP: GET a form, POST it, 303, GET the new state; 422 with
/// messages; 403 without a valid token; the signed session cookie.
@Suite("Actions, CSRF and sessions over HTTP")
struct ActionCycleTests {
    /// Signs in as "ada" with a fresh client, then runs the body.
    func signedIn(_ mode: TestClient.Mode = .live, _ body: (TestClient) async throws -> Void) async throws {
        try await NotesApp.make().test(mode) { client in
            try await client.get("/sign-in")
            try await client.fill("Username", with: "ada")
            let page = try await client.press("Sign in")
            try page.expect(screen: "Notes", selectedTab: "Notes")
            try await body(client)
        }
    }

    @Test(arguments: [TestClient.Mode.inProcess, .live])
    func signedOutVisitorsAreSentToSignInKeepingTheWantedURL(mode: TestClient.Mode) async throws {
        try await NotesApp.make().test(mode) { client in
            client.followsRedirects = false
            let redirect = try await client.get("/notes/note/2")
            #expect(redirect.status == .found)
            #expect(redirect.location == "/sign-in?next=/notes/note/2")
            client.followsRedirects = true
            try await client.get(redirect.location!)
            try await client.fill("Username", with: "ada")
            let page = try await client.press("Sign in")
            #expect(page.redirects.map(\.status) == [303])
            try page.expect(screen: "Note", selectedTab: "Notes", breadcrumb: ["Notes", "Note 2"])
        }
    }

    @Test func theSessionCookieIsSignedHttpOnlyAndLax() async throws {
        try await NotesApp.make().test(.live) { client in
            client.followsRedirects = false
            let form = try await client.get("/sign-in")
            let answer = try await client.submit("sign-in", on: form, ["username": "ada"])
            #expect(answer.status == .seeOther)
            #expect(answer.location == "/notes")
            let cookie = try #require(answer.headers.values(for: "Set-Cookie").first { $0.hasPrefix("wr_session=") })
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/"))
            #expect(!cookie.contains("ada"), "the session value is not readable in the cookie")
        }
    }

    @Test(arguments: [(true, "https", true), (true, "http", false), (false, "https", false)])
    func cookiesAreSecureBehindATLSProxyThatSaysSo(trusted: Bool, proto: String, secure: Bool) async throws {
        var configuration = try NotesApp.make().configuration
        configuration.trustsForwardedProto = trusted
        let app = Application(table: try NotesApp.make().table, configuration: configuration)
        try await app.test { client in
            client.followsRedirects = false
            client.defaultHeaders = [("X-Forwarded-Proto", proto)]
            let form = try await client.get("/sign-in")
            let answer = try await client.submit("sign-in", on: form, ["username": "ada"])
            let cookies = form.headers.values(for: "Set-Cookie") + answer.headers.values(for: "Set-Cookie")
            #expect(cookies.count >= 2)
            #expect(cookies.allSatisfy { $0.contains("; Secure") == secure }, "\(cookies)")
        }
    }

    @Test func aTamperedSessionCookieIsIgnored() async throws {
        try await signedIn() { client in
            var value = try #require(client.cookies["wr_session"])
            let last = value.removeLast()
            value.append(last == "A" ? "B" : "A")
            client.cookies["wr_session"] = value
            let page = try await client.get("/notes")
            try page.expect(screen: "SignIn")
            #expect(page.url == "/sign-in?next=/notes")
        }
    }

    @Test func formPostMovesAndTheNewStateShows() async throws {
        try await signedIn() { client in
            let editor = try await client.get("/notes/note/1/~edit")
            try editor.expect(screen: "EditNote", modals: ["EditNote"])
            #expect(try editor.element(.textbox("Text")).value == "Groceries")
            try await client.fill("Text", with: "Milk, eggs")
            let saved = try await client.press("Save")
            #expect(saved.redirects.map(\.status) == [303])
            try saved.expect(url: "/notes/note/1", screen: "Note", modals: [], text: "Milk, eggs")
            #expect(!saved.visibleText.contains("Groceries"))
        }
    }

    @Test func invalidInputRendersTheFormAgainWith422() async throws {
        try await signedIn() { client in
            try await client.get("/notes/note/3/~edit")
            try await client.fill("Text", with: "")
            let again = try await client.press("Save")
            try again.expect(status: 422, screen: "EditNote", text: "A note needs some text.")
            // What a screen reader announces of the field: invalid (no PageElement.isInvalid yet).
            #expect(try again.element(.textbox("Text"))["aria-invalid"] == "true")
            // Nothing was saved.
            let note = try await client.get("/notes/note/3")
            try note.expect(screen: "Note", text: "Ideas")

            let signIn = try TestClient(NotesApp.make())
            try await signIn.get("/sign-in")
            try await signIn.fill("Username", with: "  ")
            let blank = try await signIn.press("Sign in")
            try blank.expect(status: 422, screen: "SignIn")
            #expect(try blank.element(.role("alert")).text == "Check the form.")
        }
    }

    @Test func aPostWithoutAValidTokenIsForbiddenAndChangesNothing() async throws {
        try await signedIn() { client in
            let editor = try await client.get("/notes/note/1/~edit")
            let form = try editor.form("save")

            let missing = try await client.post("/notes/note/1/~edit", form: [("_action", "save"), ("text", "hacked")])
            try missing.expect(status: 403)
            let forged = try await client.post("/notes/note/1/~edit", form: [("_action", "save"), ("_csrf", "forged.token"), ("text", "hacked")])
            try forged.expect(status: 403)

            // A token taken from another browser does not fit this browser's cookie.
            let other = try TestClient(client.app)
            _ = try await other.submit("sign-in", on: other.get("/sign-in"), ["username": "eve"])
            let otherForm = try await other.get("/notes/note/1/~edit").form("save")
            let stolen = try await client.post("/notes/note/1/~edit", form: [("_action", "save"), ("_csrf", otherForm["_csrf"]!), ("text", "hacked")])
            try stolen.expect(status: 403)

            let note = try await client.get("/notes/note/1")
            try note.expect(text: "Groceries")
            #expect(!note.visibleText.contains("hacked"))
            #expect(form["_csrf"] != nil)
        }
    }

    @Test func unknownActionsAndPagesWithoutActions() async throws {
        try await signedIn(.inProcess) { client in
            let editor = try await client.get("/notes/note/1/~edit")
            let token = try editor.form("save")["_csrf"]!
            try await client.post("/notes/note/1/~edit", form: [("_action", "delete"), ("_csrf", token)]).expect(status: 400)
            try await client.post("/notes/note/1", form: [("_action", "save"), ("_csrf", token)]).expect(status: 405)
        }
    }

    @Test func signingOutClearsTheSession() async throws {
        try await signedIn() { client in
            let profile = try await client.get("/profile")
            #expect(try profile.element(.heading("ada", level: 1)).text == "ada")
            let out = try await client.press("Sign out")
            try out.expect(screen: "SignIn")
            #expect(client.cookies["wr_session"] == nil)
            #expect(try await client.get("/notes").url == "/sign-in?next=/notes")
        }
    }

    @Test func aNextURLOffSiteIsNeverFollowed() async throws {
        for next in ["https://evil.example/", "//evil.example/x", "/\\evil.example", "/ok%0D%0ASet-Cookie:+x=1"] {
            let client = try TestClient(NotesApp.make())
            client.followsRedirects = false
            let form = try await client.get("/sign-in?next=" + next)
            let answer = try await client.submit("sign-in", on: form, ["username": "ada"])
            #expect(answer.status == .seeOther)
            let location = try #require(answer.location)
            #expect(location == "/notes" || (location.hasPrefix("/ok") && !location.contains("\r")), "next=\(next) → \(location)")
        }
    }
}
