import Testing
import WebRouter
import WebRouterTesting

// A signed-out case whose sign-in sheet has a pushed help screen and a form, and a signed-in
// case with a deep screen: `next` must travel through every move of the signed-out case.

private struct Door: ContentScreen {
    let title = "Welcome"
    var signIn: Present<Door, Navigation<Key>>
    func body(_ context: Void, router: Router<Door>) -> some HTML {
        h1 { "Welcome" }
        a(.href(router.link(\.signIn))) { "Sign in" }
        a(.href(router.root().case(Door.self)?.move(\.signIn).url ?? "#")) { "Deep sign in" }
    }
}

private struct Key: ContentScreen {
    enum Action: String, ScreenAction { case signIn = "sign-in" }
    let title = "Sign in"
    var help: Push<Key, KeyHelp>
    func body(_ context: Void, router: Router<Key>) -> some HTML {
        a(.href(router.link(\.help))) { "Help" }
        router.form(.signIn) {
            router.field("username", label: "Username")
            button(.type("submit")) { "Sign in" }
        }
    }
    func perform(_ action: Action, form: FormData, router: Router<Key>) async throws -> ActionResult {
        let name = form["username"] ?? ""
        guard !name.isEmpty else { return .invalid(FormErrors(fields: ["username": "Enter a username."])) }
        router.request.updateSession { $0["user"] = name }
        return .move(to: router.request.nextURL ?? "/rooms")
    }
}

private struct KeyHelp: ContentScreen {
    let title = "Help"
    func body(_ context: Void, router: Router<KeyHelp>) -> some HTML {
        p { "Any name will do." }
        if let back = router.back { a(.href(back)) { "Back to sign in" } }
    }
}

private struct Rooms: ContentScreen {
    let title = "Rooms"
    var room: Push<Rooms, Room>
    func body(_ context: Void, router: Router<Rooms>) -> some HTML {
        h1 { "Rooms" }
    }
}

private struct Room: ContentScreen {
    typealias Context = Int
    func title(for context: Int) -> String { "Room \(context)" }
    func body(_ id: Int, router: Router<Room>) -> some HTML {
        h1 { "Room \(id)" }
    }
}

private func makeApp() throws -> Application {
    let window = Window(selecting: { $0.session["user"] == nil ? 0 : 1 }) {
        Navigation(Door(signIn: Present(Navigation(Key(help: Push(KeyHelp()))))))
        Tabs { Navigation(Rooms(room: Push(Room()))) }
    }
    var configuration = ApplicationConfiguration(appName: "Doors", secret: AppSecret(passphrase: String(repeating: "next secret ", count: 4))!)
    configuration.logger.logLevel = .critical
    return try Application(window, configuration: configuration)
}

@Suite("next travels through the signed-out case")
struct NextTravelsTests {
    @Test(arguments: [TestClient.Mode.inProcess, .live])
    func aDeepLinkSurvivesTheSignInSheetItsPushesAndA422(mode: TestClient.Mode) async throws {
        try await makeApp().test(mode) { client in
            let welcome = try await client.get("/rooms/room/7")
            #expect(welcome.url == "/door?next=/rooms/room/7")
            #expect(try welcome.link("Sign in").href == "/door/~sign-in?next=/rooms/room/7")
            #expect(try welcome.link("Deep sign in").href == "/door/~sign-in?next=/rooms/room/7")

            let sheet = try await client.follow("Sign in", on: welcome)
            try sheet.expect(screen: "Key")
            #expect(try sheet.link("Help").href == "/door/~sign-in/help?next=/rooms/room/7")
            #expect(sheet.links.first { $0.rel == "dismiss" }?.href == "/door?next=/rooms/room/7")

            let help = try await client.follow("Help", on: sheet)
            let backAgain = try await client.follow("Back to sign in", on: help)
            #expect(backAgain.url == sheet.url)

            let refused = try await client.submit(try backAgain.form("sign-in"), from: backAgain, ["username": ""])
            try refused.expect(status: 422)
            #expect(try refused.link("Help").href == "/door/~sign-in/help?next=/rooms/room/7")

            let landed = try await client.submit(try refused.form("sign-in"), from: refused, ["username": "ada"])
            try landed.expect(screen: "Room")
            #expect(landed.url == "/rooms/room/7")
        }
    }

    @Test(arguments: ["https://evil.example/", "//evil.example/", "/\\evil.example", "rooms"])
    func onlyALocalPathTravels(next: String) async throws {
        try await makeApp().test(.inProcess) { client in
            var encoded = ""
            for byte in next.utf8 { encoded += "%" + String(byte, radix: 16, uppercase: true) }
            let welcome = try await client.get("/door?next=" + encoded)
            #expect(try welcome.link("Sign in").href == "/door/~sign-in")
            let sheet = try await client.follow("Sign in", on: welcome)
            let landed = try await client.submit(try sheet.form("sign-in"), from: sheet, ["username": "ada"])
            #expect(landed.url == "/rooms")
        }
    }
}
