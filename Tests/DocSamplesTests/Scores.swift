// The code samples of README.md and of the DocC articles, compiled by `make test`
// (Tests/Docs/check_samples.py checks that every ```swift block of them appears here, in
// Examples/ or in another compiled file). Edit a sample here first, then copy it.
import WebRouter

// MARK: - Stand-ins for an app's data

struct MatchRecord: Sendable { let id: Int; let score: String }
actor ScoreStore {
    func match(_ id: Int) -> MatchRecord? { (1...99).contains(id) ? MatchRecord(id: id, score: "2 – 1") : nil }
}
let store = ScoreStore()

struct Account: Sendable { let name: String }
actor Accounts {
    func authenticate(_ username: String?, _ password: String?) -> Account? {
        username == "demo" && password == "demo" ? Account(name: "demo") : nil
    }
}
let accounts = Accounts()

// MARK: - README: screens

struct Feed: ContentScreen {
    let title = "Feed"                              // a screen constant: tab label, breadcrumb, <title>
    var match: Push<Feed, Match>                    // a typed transition: needs a Match.Context (Int)
    var settings: Present<Feed, Navigation<Settings>>

    func body(_ context: Void, router: Router<Feed>) -> some HTML {
        h1 { router[next: \.title] }
        a(.href(router.link(\.match, 12))) { "Match 12" }      // "/feed/match/12"
        a(.href(router.link(\.settings))) { "Settings" }       // "/feed/~settings"
    }
}

struct Match: ContentScreen {
    typealias Context = Int                         // travels in the URL; a bad value is a 404
    func title(for id: Int) -> String { "Match \(id)" }
    func body(_ id: Int, router: Router<Match>) async throws -> some HTML {
        let match = try await store.match(id) ?? { throw HTTPError.notFound("No match \(id)") }()
        p(.class("score")) { match.score }          // text and attributes are escaped
        if let back = router.back { a(.href(back)) { "Back" } }
    }
}

// MARK: - README: actions

struct Login: ContentScreen {
    enum Action: String, ScreenAction { case signIn = "sign-in" }

    func body(_ context: Void, router: Router<Login>) -> some HTML {
        router.form(.signIn) {
            router.field("username", label: "Username")
            router.field("password", label: "Password", type: "password")
            button(.type("submit")) { "Sign in" }
        }
    }

    func perform(_ action: Action, form: FormData, router: Router<Login>) async throws -> ActionResult {
        guard let user = await accounts.authenticate(form["username"], form["password"]) else {
            return .invalid(FormErrors(general: ["Wrong username or password."]))   // 422, form shown again
        }
        router.request.updateSession { $0["user"] = user.name }
        return .move(to: router.request.nextURL ?? "/feed")                         // 303 See Other
    }
}

// MARK: - Alerts and confirmation dialogs

struct Settings: ContentScreen {
    enum Action: String, ScreenAction { case signOut = "sign-out" }
    enum Alert: String, ScreenAlert {
        case signOut = "sign-out"
        static let parameter = "confirm"            // /feed/~settings?confirm=sign-out
    }
    let title = "Settings"

    func body(_ context: Void, router: Router<Settings>) -> some HTML {
        a(.href(router.link(alert: .signOut)), .class("button button-destructive")) { "Sign out" }
    }

    func alert(_ alert: Alert, router: Router<Settings>) -> AlertModel {
        switch alert {
        case .signOut:
            AlertModel(title: "Sign out?", message: "You can sign in again any time.",
                       role: .confirmationDialog,
                       actions: [router.alertButton("Sign out", action: .signOut, role: .destructive),
                                 router.cancelButton()],
                       dismissHref: router.url)
        }
    }

    func perform(_ action: Action, form: FormData, router: Router<Settings>) async throws -> ActionResult {
        router.request.updateSession { $0.values = [:] }
        return .move(to: "/welcome")
    }
}

// MARK: - The rest of the tree

struct Launch: ContentScreen {
    func body(_ context: Void, router: Router<Launch>) -> some HTML { p { "Loading…" } }
}

struct Welcome: ContentScreen {
    var login: Present<Welcome, Navigation<Login>>
    func body(_ context: Void, router: Router<Welcome>) -> some HTML {
        a(.href(router.link(\.login))) { "Sign in" }                // "/welcome/~login"
    }
}

struct Search: ContentScreen {
    var user: Present<Search, Navigation<Player>>
    func body(_ context: Void, router: Router<Search>) -> some HTML {
        a(.href(router.link(\.user, 7))) { "Player 7" }             // "/search/~user/7"
    }
}

struct Player: ContentScreen {
    typealias Context = Int
    var team: Push<Player, Team>
    func title(for id: Int) -> String { "Player \(id)" }
    func body(_ id: Int, router: Router<Player>) -> some HTML {
        a(.href(router.link(\.team, 3))) { "Team 3" }               // "/search/~user/7/team/3"
        if let dismiss = router.dismiss { a(.href(dismiss)) { "Close" } }
    }
}

struct Team: ContentScreen {
    typealias Context = Int
    func title(for id: Int) -> String { "Team \(id)" }
    func body(_ id: Int, router: Router<Team>) -> some HTML {
        p { "Team \(id)" }
        a(.href(router.dismissAll)) { "Close all" }                 // "/search"
    }
}

func makeScoresApp() throws -> Application {
    let window = Window(selecting: { $0.session["user"] == nil ? 1 : 2 }, alwaysAvailable: [0]) {
        Launch()
        Welcome(login: Present(Navigation(Login())))
        Tabs {
            Navigation(Feed(match: Push(Match()), settings: Settings().navigation().present()))
            Navigation(Search(user: Present(Navigation(Player(team: Push(Team()))))))
        }
    }
    return try Application(window, configuration: ApplicationConfiguration(appName: "Scores"))
}

func serveScores() async throws {
    let window = Window(selecting: { $0.session["user"] == nil ? 1 : 2 }, alwaysAvailable: [0]) {
        Launch()
        Welcome(login: Present(Navigation(Login())))
        Tabs {
            Navigation(Feed(match: Push(Match()), settings: Settings().navigation().present()))
            Navigation(Search(user: Present(Navigation(Player(team: Push(Team()))))))
        }
    }
    let app = try Application(window, configuration: ApplicationConfiguration(appName: "Scores"))
    await app.runCommandLine()                      // serve (the default) or routes
}
