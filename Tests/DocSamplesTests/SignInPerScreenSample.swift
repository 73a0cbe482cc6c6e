// SignInPerScreen.md: a public Lobby tab beside a Notebook tab that needs a signed-in person
// and a Staff room for the staff role; the app's sign-in lands on the wanted deep link.
import Testing
import WebRouter
import WebRouterTesting

/// A stand-in for the app's account store (a database in a real app).
actor DeskStaff {
    private let passwords = ["ada": "engine", "grace": "cobol"]
    private let staff: Set<String> = ["grace"]

    func check(_ name: String, _ password: String) -> Bool { passwords[name] == password }
    func roles(of name: String) -> Set<String> { staff.contains(name) ? ["staff"] : [] }
}

struct Lobby: ContentScreen {
    let title = "Lobby"
    var notice: Push<Lobby, Notice>

    func body(_ context: Void, router: Router<Lobby>) -> some HTML {
        h1 { "Lobby" }
        a(.href(router.link(\.notice, 1))) { "Today's notice" }
        if let signIn = router.signInURL { a(.href(signIn)) { "Sign in" } }
    }
}

struct Notice: ContentScreen {
    typealias Context = Int
    var reply: Push<Notice, Reply>
    func title(for id: Int) -> String { "Notice \(id)" }
    func body(_ id: Int, router: Router<Notice>) -> some HTML {
        p { "The lift is out of order." }
        a(.href(router.link(\.reply))) { "Reply" }
    }
}

struct Reply: ContentScreen {
    let title = "Reply"
    func body(_ context: Void, router: Router<Reply>) -> some HTML { p { "Your reply…" } }
}

struct Notebook: ContentScreen {
    let title = "Notebook"
    var page: Push<Notebook, NotePage>
    func body(_ context: Void, router: Router<Notebook>) -> some HTML {
        a(.href(router.link(\.page, 3))) { "Page 3" }
    }
}

struct NotePage: ContentScreen {
    typealias Context = Int
    func title(for number: Int) -> String { "Page \(number)" }
    func body(_ number: Int, router: Router<NotePage>) -> some HTML { p { "Notes of page \(number)" } }
}

struct StaffRoom: ContentScreen {
    let title = "Staff"
    func body(_ context: Void, router: Router<StaffRoom>) -> some HTML { h1 { "Staff only" } }
}

struct SignInSheet: ContentScreen {
    enum Action: String, ScreenAction { case signIn = "sign-in" }
    let title = "Sign in"
    let staff: DeskStaff

    func body(_ context: Void, router: Router<SignInSheet>) -> some HTML {
        router.form(.signIn) {
            router.field("username", label: "Username")
            router.field("password", label: "Password", type: "password")
            button(.type("submit")) { "Sign in" }
        }
    }

    func perform(_ action: Action, form: FormData, router: Router<SignInSheet>) async throws -> ActionResult {
        let name = form["username"] ?? ""
        guard await staff.check(name, form["password"] ?? "") else {
            return .invalid(FormErrors(general: ["Wrong username or password."]))
        }
        router.request.updateSession { $0["user"] = name }
        return .move(to: "/lobby")     // for someone who came to sign in by themselves
    }
}

func makeDeskWindow(staff: DeskStaff) -> Window {
    Window(Tabs {
        Navigation(Lobby(notice: Push(Notice(reply: Push(Reply()).requiresSignIn()))))
        Navigation(Notebook(page: Push(NotePage()))).requiresSignIn()
        Navigation(StaffRoom()).requiresSignIn(role: "staff")
    })
    .signIn(SignInSheet(staff: staff))
}

func makeDeskApp(staff: DeskStaff = DeskStaff()) throws -> Application {
    var configuration = ApplicationConfiguration(appName: "Desk")
    configuration.signIn = SignInPolicy(
        person: { $0.session["user"] },
        roles: { person, _ in await staff.roles(of: person) },
        lockedTabs: .marked)
    return try Application(makeDeskWindow(staff: staff), configuration: configuration)
}

@Suite struct SignInPerScreenSampleTests {
    @Test func aDeepLinkLandsThereAfterSignIn() async throws {
        try await makeDeskApp().test { client in
            let page = try await client.get("/notebook/page/3")
            try page.expect(url: "/notebook/page/3", screen: "SignInSheet", selectedTab: "Notebook")
            #expect(page.tabs.map(\.requiresSignIn) == [false, true, true])
            try await client.fill("Username", with: "ada")
            try await client.fill("Password", with: "engine")
            let landed = try await client.press("Sign in")
            try landed.expect(url: "/notebook/page/3", screen: "NotePage")
        }
    }

    @Test func theStaffRoomIsForStaff() async throws {
        try await makeDeskApp().test { client in
            _ = try await client.get("/staff-room")
            try await client.fill("Username", with: "ada")
            try await client.fill("Password", with: "engine")
            let refused = try await client.press("Sign in")
            try refused.expect(status: 403, url: "/staff-room", screen: "Error")
        }
    }

    @Test func aPublicScreenLinksToTheSignInAndComesBack() async throws {
        try await makeDeskApp().test { client in
            let notice = try await client.get("/lobby/notice/1")
            let reply = try await client.follow("Reply", on: notice)
            try reply.expect(url: "/lobby/notice/1/reply", screen: "SignInSheet")
            #expect(reply.baseScreen == "Notice")
            let lobby = try await client.get("/lobby")
            #expect(try lobby.link("Sign in").href == "/lobby/~sign-in?next=/lobby")
        }
    }

    @Test func theRoutesSayWhatIsProtected() throws {
        let listing = try makeDeskApp().table.routeListing
        #expect(listing.contains("ACCESS"))
        #expect(listing.split(separator: "\n").contains { $0.hasPrefix("/staff-room ") && $0.contains("role staff") })
    }
}
