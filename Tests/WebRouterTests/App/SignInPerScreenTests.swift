import Foundation
import Testing
import WebRouter
import WebRouterTesting

// A public Home tab (with a public article and a protected edit push), a tab any signed-in
// person opens, and a tab for admins only. The sign-in moves to "/home" on its own: landing
// on the wanted deep link is the framework's work, not the app's.

/// Counts the journal entries added, to see that a refused POST ran nothing.
private actor Ledger {
    private(set) var added = 0
    func add() { added += 1 }
}

private struct Home: ContentScreen {
    let title = "Home"
    var article: Push<Home, Article>
    func body(_ context: Void, router: Router<Home>) -> some HTML {
        h1 { "Home" }
        if let signIn = router.signInURL { a(.href(signIn)) { "Sign in" } }
    }
}

private struct Article: ContentScreen {
    typealias Context = Int
    var edit: Push<Article, EditArticle>
    func title(for id: Int) -> String { "Article \(id)" }
    func body(_ id: Int, router: Router<Article>) -> some HTML {
        h1 { "Article \(id)" }
        a(.href(router.link(\.edit))) { "Edit" }
    }
}

private struct EditArticle: ContentScreen {
    let title = "Edit"
    func body(_ context: Void, router: Router<EditArticle>) -> some HTML { h1 { "Editing" } }
}

private struct Journal: ContentScreen {
    enum Action: String, ScreenAction { case add }
    let title = "Journal"
    let ledger: Ledger
    var entry: Push<Journal, Entry>
    func body(_ context: Void, router: Router<Journal>) -> some HTML {
        h1 { "Journal" }
        router.form(.add) { button(.type("submit")) { "Add an entry" } }
    }
    func perform(_ action: Action, form: FormData, router: Router<Journal>) async throws -> ActionResult {
        await ledger.add()
        return .move(to: router.url)
    }
}

private struct Entry: ContentScreen {
    typealias Context = Int
    func title(for id: Int) -> String { "Entry \(id)" }
    func body(_ id: Int, router: Router<Entry>) -> some HTML { h1 { "Entry \(id)" } }
}

private struct Admin: ContentScreen {
    let title = "Admin"
    func body(_ context: Void, router: Router<Admin>) -> some HTML { h1 { "Admin" } }
}

/// The app's sign-in: any name signs in; "root" also gets the admin role.
private struct SignInForm: ContentScreen {
    enum Action: String, ScreenAction { case signIn = "sign-in" }
    let title = "Sign in"
    func body(_ context: Void, router: Router<SignInForm>) -> some HTML {
        router.form(.signIn) {
            router.field("username", label: "Username")
            button(.type("submit")) { "Sign in" }
        }
    }
    func perform(_ action: Action, form: FormData, router: Router<SignInForm>) async throws -> ActionResult {
        let name = form["username"] ?? ""
        guard !name.isEmpty else { return .invalid(FormErrors(fields: ["username": "Enter a username."])) }
        router.request.updateSession { $0["user"] = name; $0["roles"] = name == "root" ? "admin" : nil }
        return .move(to: "/home")
    }
}

private func makeApp(
    ledger: Ledger = Ledger(), lockedTabs: SignInPolicy.LockedTabs = .marked, homeFirst: Bool = true
) throws -> Application {
    let window = Window(Tabs {
        if homeFirst { Navigation(Home(article: Push(Article(edit: Push(EditArticle()).requiresSignIn())))) }
        Navigation(Journal(ledger: ledger, entry: Push(Entry()))).requiresSignIn()
        Navigation(Admin()).requiresSignIn(role: "admin")
    })
    .signIn(SignInForm())
    var configuration = ApplicationConfiguration(
        appName: "Desk", secret: AppSecret(passphrase: String(repeating: "sign-in secret ", count: 3))!)
    configuration.signIn.lockedTabs = lockedTabs
    configuration.logger.logLevel = .critical
    return try Application(window, configuration: configuration)
}

/// Signs in on the sign-in form of `page` as `name`.
private func signIn(_ client: TestClient, on page: TestPage, as name: String) async throws -> TestPage {
    try await client.submit(try page.form("sign-in"), from: page, ["username": name])
}

@Suite("Sign-in per screen")
struct SignInPerScreenTests {
    @Test func signedOutTheTabBarShowsPublicTabsAndMarksTheOthers() async throws {
        try await makeApp().test(.inProcess) { client in
            let home = try await client.get("/home")
            try home.expect(screen: "Home", selectedTab: "Home")
            #expect(home.tabs.map(\.label) == ["Home", "Journal", "Admin"])
            #expect(home.tabs.map(\.requiresSignIn) == [false, true, true])
            // The name stays the label; the lock is decoration and the description says why.
            let journal = try #require(home.document.first { $0.tag == "a" && $0["href"] == "/journal" })
            #expect(journal["aria-describedby"] == "tabbar-sign-in-required")
            let note = try #require(home.document.first { $0["id"] == "tabbar-sign-in-required" })
            #expect(note.text == "Sign-in required")

            // Signed in, nothing is locked and the admin tab is left out for a non-admin.
            let sheet = try await client.get("/journal")
            let signedIn = try await signIn(client, on: sheet, as: "ada")
            try signedIn.expect(url: "/journal", screen: "Journal", selectedTab: "Journal")
            #expect(signedIn.tabs.map(\.label) == ["Home", "Journal"])
            #expect(signedIn.tabs.allSatisfy { !$0.requiresSignIn })
        }
    }

    @Test func signedOutTheAppMayHideTheLockedTabs() async throws {
        try await makeApp(lockedTabs: .hidden).test(.inProcess) { client in
            let home = try await client.get("/home")
            #expect(home.tabs.map(\.label) == ["Home"])
            #expect(!home.text.contains("tabbar-sign-in-required"))
        }
    }

    @Test func theJSONPageStateSaysWhichTabsAreLocked() async throws {
        try await makeApp().test(.inProcess) { client in
            let response = try await client.request(.get, "/home", headers: [("Accept", "application/json")])
            let state = try JSONDecoder().decode(PageState.self, from: Data(response.body))
            #expect(state.tabs.map(\.requiresSignIn) == [false, true, true])
            #expect(response.text.contains(#""label":"Journal","requiresSignIn":true"#))
        }
    }

    @Test(arguments: [TestClient.Mode.inProcess, .live])
    func aDeepLinkIntoAProtectedTabPresentsTheSignInAndLandsThereAfterIt(mode: TestClient.Mode) async throws {
        try await makeApp().test(mode) { client in
            let wanted = try await client.get("/journal/entry/7")
            // The address stays; the sign-in is over the nearest public screen (Home).
            try wanted.expect(status: 200, url: "/journal/entry/7", screen: "SignInForm", selectedTab: "Journal",
                              modals: ["SignInForm"])
            #expect(wanted.redirects.isEmpty)
            #expect(wanted.baseScreen == "Home")
            #expect(wanted.title == "Sign in · Desk")
            #expect(try wanted.form("sign-in").action == "/home/~sign-in?next=/journal/entry/7")
            #expect(wanted.modals.last?.dismiss == "/home")

            // A wrong submission keeps the sign-in and its `next`.
            let refused = try await signIn(client, on: wanted, as: "")
            try refused.expect(status: 422, screen: "SignInForm")
            #expect(try refused.form("sign-in").action == "/home/~sign-in?next=/journal/entry/7")

            let landed = try await signIn(client, on: refused, as: "ada")
            try landed.expect(url: "/journal/entry/7", screen: "Entry", selectedTab: "Journal",
                              breadcrumb: ["Journal", "Entry 7"])
        }
    }

    @Test func theSignInOverAProtectedScreenLandsOnThatScreen() async throws {
        try await makeApp().test(.inProcess) { client in
            let sheet = try await client.get("/journal/~sign-in")
            try sheet.expect(url: "/journal/~sign-in", screen: "SignInForm")
            #expect(sheet.baseScreen == "Home")
            #expect(try sheet.form("sign-in").action == "/home/~sign-in?next=/journal")
            let landed = try await signIn(client, on: sheet, as: "ada")
            try landed.expect(url: "/journal", screen: "Journal")
        }
    }

    @Test func theDeepLinkKeepsItsQuery() async throws {
        try await makeApp().test(.inProcess) { client in
            let wanted = try await client.get("/journal/entry/7?from=mail&x=a%26b")
            try wanted.expect(url: "/journal/entry/7?from=mail&x=a%26b", screen: "SignInForm")
            let landed = try await signIn(client, on: wanted, as: "ada")
            try landed.expect(url: "/journal/entry/7?from=mail&x=a%26b", screen: "Entry")
        }
    }

    @Test func aProtectedPushUnderAPublicTabPresentsTheSignInOverItsPublicParent() async throws {
        try await makeApp().test(.inProcess) { client in
            let article = try await client.get("/home/article/3")
            try article.expect(screen: "Article")
            let wanted = try await client.follow("Edit", on: article)
            try wanted.expect(url: "/home/article/3/edit", screen: "SignInForm", selectedTab: "Home", modals: ["SignInForm"])
            #expect(wanted.baseScreen == "Article")
            #expect(wanted.modals.last?.dismiss == "/home/article/3")
            let landed = try await signIn(client, on: wanted, as: "ada")
            try landed.expect(url: "/home/article/3/edit", screen: "EditArticle")
        }
    }

    @Test func aSignInLinkComesBackToItsPage() async throws {
        try await makeApp().test(.inProcess) { client in
            let home = try await client.get("/home")
            #expect(try home.link("Sign in").href == "/home/~sign-in?next=/home")
            let sheet = try await client.follow("Sign in", on: home)
            try sheet.expect(screen: "SignInForm", modals: ["SignInForm"])
            let landed = try await signIn(client, on: sheet, as: "ada")
            try landed.expect(url: "/home", screen: "Home")
        }
    }

    @Test func aSignedInPersonWithoutTheRoleGetsA403InTheChrome() async throws {
        try await makeApp().test(.inProcess) { client in
            let sheet = try await client.get("/admin")
            try sheet.expect(status: 200, url: "/admin", screen: "SignInForm")
            let refused = try await signIn(client, on: sheet, as: "ada")
            try refused.expect(status: 403, url: "/admin", screen: "Error")
            #expect(refused.tabs.map(\.label) == ["Home", "Journal"])
            #expect(refused.links.first { $0.rel == "up" }?.href == "/home")
            #expect(!refused.visibleText.contains("admin"))
        }
        try await makeApp().test(.inProcess) { client in
            let sheet = try await client.get("/admin")
            let admitted = try await signIn(client, on: sheet, as: "root")
            try admitted.expect(url: "/admin", screen: "Admin", selectedTab: "Admin")
            #expect(admitted.tabs.map(\.label) == ["Home", "Journal", "Admin"])
        }
    }

    @Test func aProtectedPostSignedOutRunsNothing() async throws {
        let ledger = Ledger()
        try await makeApp(ledger: ledger).test(.inProcess) { client in
            // The sign-in page gives this browser its CSRF cookie and a valid token.
            let sheet = try await client.get("/journal")
            let token = try #require(try sheet.form("sign-in").fields.first { $0.name == "_csrf" }?.value)
            let refused = try await client.post("/journal", form: [("_action", "add"), ("_csrf", token)])
            try refused.expect(status: 403, url: "/journal", screen: "Error")
            #expect(refused.links.first { $0.rel == "up" }?.href == "/journal")
            #expect(await ledger.added == 0)

            // Signed in, the same form runs.
            let journal = try await signIn(client, on: sheet, as: "ada")
            try journal.expect(screen: "Journal")
            try await client.submit(try journal.form("add"), from: journal)
            #expect(await ledger.added == 1)
        }
    }

    @Test(arguments: ["https://evil.example/", "//evil.example/", "/\\evil.example", "javascript:alert(1)", "evil.example"])
    func nextIsNeverAnOpenRedirect(next: String) async throws {
        try await makeApp().test(.inProcess) { client in
            var encoded = ""
            for byte in next.utf8 { encoded += "%" + String(byte, radix: 16, uppercase: true) }
            let sheet = try await client.get("/home/~sign-in?next=" + encoded)
            try sheet.expect(screen: "SignInForm")
            // Posted by hand with the hostile `next` in the form's URL: the app's own move wins.
            client.followsRedirects = false
            let token = try #require(try sheet.form("sign-in").fields.first { $0.name == "_csrf" }?.value)
            let answer = try await client.post("/home/~sign-in?next=" + encoded,
                                               form: [("_action", "sign-in"), ("_csrf", token), ("username", "ada")])
            try answer.expect(status: 303)
            #expect(answer.location == "/home")
        }
    }

    @Test func aWindowWithoutAPublicTabShowsTheSignInOverThePlaceOfTheWantedTab() async throws {
        try await makeApp(homeFirst: false).test(.inProcess) { client in
            let root = try await client.get("/")
            try root.expect(url: "/journal", screen: "SignInForm", selectedTab: "Journal", modals: ["SignInForm"])
            #expect(root.baseScreen == "Journal")
            #expect(root.visibleText.contains("Sign in to see Journal."))
            #expect(!root.visibleText.contains("Add an entry"))
            let landed = try await signIn(client, on: root, as: "ada")
            try landed.expect(url: "/journal", screen: "Journal")
        }
    }

    @Test func theRootLeadsToTheFirstTabThePersonMayOpen() async throws {
        let window = Window(Tabs {
            Navigation(Admin()).requiresSignIn(role: "admin")
            Navigation(Home(article: Push(Article(edit: Push(EditArticle())))))
        }).signIn(SignInForm())
        try await Application(window).test(.inProcess) { client in
            let root = try await client.get("/")
            try root.expect(url: "/home", screen: "Home")
        }
    }

    @Test func theRouteTableKnowsWhichRoutesAreProtected() throws {
        let app = try makeApp()
        let routes = Dictionary(app.table.routes.map { ($0.pattern, $0.access) }, uniquingKeysWith: { first, _ in first })
        #expect(routes["/home"] == "public")
        #expect(routes["/home/article/{Int}"] == "public")
        #expect(routes["/home/article/{Int}/edit"] == "signed in")
        #expect(routes["/journal"] == "signed in")
        #expect(routes["/journal/entry/{Int}"] == "signed in")
        #expect(routes["/admin"] == "role admin")
        // The sign-in is public wherever it is presented.
        #expect(routes["/journal/~sign-in"] == "public")
        let header = try #require(app.table.routeListing.split(separator: "\n").first)
        #expect(header.contains("ACCESS"))
        #expect(app.table.dotDiagram.contains("Admin (role admin)"))
        #expect(app.table.mermaidDiagram.contains("Journal (signed in)"))
    }

    @Test func aProtectedScreenWithoutASignInStopsTheStart() {
        #expect(throws: RouteTableError.self) {
            try RouteTable(Window(Tabs { Navigation(Admin()).requiresSignIn() }))
        }
    }

    @Test func aSignInThatRequiresSignInStopsTheStart() {
        #expect(throws: RouteTableError.self) {
            try RouteTable(Window(Tabs { Navigation(Admin()) }).signIn(SignInForm().requiresSignIn()))
        }
    }
}
