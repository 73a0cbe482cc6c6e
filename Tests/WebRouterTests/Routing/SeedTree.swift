import WebRouter

// A tree shaped like the "real world example" of ScreenUI's README, with trivial bodies:
// the paths of DESIGN.md must resolve against it.

struct Launch: ContentScreen {
    func body(_ context: Void, router: Router<Launch>) -> some HTML { "Launch" }
}
struct Welcome: ContentScreen {
    var login: Present<Welcome, Navigation<Login>>
    var registration: Present<Welcome, Navigation<Registration>>
    func body(_ context: Void, router: Router<Welcome>) -> some HTML { "Welcome" }
}
struct Login: ContentScreen {
    func body(_ context: Void, router: Router<Login>) -> some HTML { "Login" }
}
struct Registration: ContentScreen {
    func body(_ context: Void, router: Router<Registration>) -> some HTML { "Registration" }
}
struct Feed: ContentScreen {
    let title = "Feed"
    var page: Push<Feed, Page>
    var match: Push<Feed, Match>
    var gameDay: Push<Feed, GameDay>
    var tournament: Push<Feed, Tournament>
    func body(_ context: Void, router: Router<Feed>) -> some HTML { "Feed" }
}
struct Page: ContentScreen {
    typealias Context = Int
    func body(_ context: Int, router: Router<Page>) -> some HTML { "Page" }
}
struct Match: ContentScreen {
    typealias Context = Int
    func title(for context: Int) -> String { "Match \(context)" }
    func body(_ context: Int, router: Router<Match>) -> some HTML { "Match" }
}
struct GameDay: ContentScreen {
    typealias Context = Int
    var match: Push<GameDay, Match>
    func body(_ context: Int, router: Router<GameDay>) -> some HTML { "GameDay" }
}
struct Tournament: ContentScreen {
    typealias Context = Int
    var match: Push<Tournament, Match>
    func title(for context: Int) -> String { "Tournament \(context)" }
    func body(_ context: Int, router: Router<Tournament>) -> some HTML { "Tournament" }
}
struct Search: ContentScreen {
    var filter: AnyScreenTransition<Search, SearchFilter>
    var user: Present<Search, Navigation<Player>>
    var team: AnyScreenTransition<Search, Team>
    var league: Present<Search, Navigation<League>>
    var match: Present<Search, Navigation<Match>>
    func body(_ context: Void, router: Router<Search>) -> some HTML { "Search" }
}
struct SearchFilter: ContentScreen {
    func body(_ context: Void, router: Router<SearchFilter>) -> some HTML { "Filter" }
}
struct Player: ContentScreen {
    typealias Context = Int
    var team: AnyScreenTransition<Player, Team>? = nil
    func title(for context: Int) -> String { "Player \(context)" }
    func body(_ context: Int, router: Router<Player>) -> some HTML { "Player" }
}
struct Team: ContentScreen {
    typealias Context = Int
    var player: Push<Team, Player>? = nil
    func title(for context: Int) -> String { "Team \(context)" }
    func body(_ context: Int, router: Router<Team>) -> some HTML { "Team" }
}
struct League: ContentScreen {
    typealias Context = Int
    var team: Push<League, Team>? = nil
    var tournament: Push<League, Tournament>? = nil
    func body(_ context: Int, router: Router<League>) -> some HTML { "League" }
}
struct Dashboard: ContentScreen {
    var edit: Present<Dashboard, UserEdit>
    var entities: (
        user: Push<Dashboard, Player>,
        team: Push<Dashboard, Team>,
        league: Push<Dashboard, League>
    )
    func body(_ context: Void, router: Router<Dashboard>) -> some HTML { "Dashboard" }
}
struct UserEdit: ContentScreen {
    func body(_ context: Void, router: Router<UserEdit>) -> some HTML { "Edit" }
}
struct Messages: ContentScreen {
    var settings: Present<Messages, Navigation<Settings>>
    func body(_ context: Void, router: Router<Messages>) -> some HTML { "Messages" }
}
struct Settings: ContentScreen {
    var account: Push<Settings, AccountInfo>
    var changePassword: Push<Settings, ChangePassword>
    func body(_ context: Void, router: Router<Settings>) -> some HTML { "Settings" }
}
struct AccountInfo: ContentScreen {
    func body(_ context: Void, router: Router<AccountInfo>) -> some HTML { "Account" }
}
struct ChangePassword: ContentScreen {
    func body(_ context: Void, router: Router<ChangePassword>) -> some HTML { "Change password" }
}

enum SeedTree {
    static let tabs = Tabs {
        Navigation(Feed(
            page: Push(Page()),
            match: Push(Match()),
            gameDay: Push(GameDay(match: Push(Match()))),
            tournament: Push(Tournament(match: Push(Match())))
        ))
        Navigation(Search(
            filter: AnyScreenTransition(SearchFilter().navigation().configContent { $0.classes.append("toolbar") }.present()),
            user: Present(Navigation(Player(team: AnyScreenTransition(Push(Team()))))),
            team: AnyScreenTransition(Team(player: Player().push()).navigation().present()),
            league: Present(Navigation(League())),
            match: Present(Navigation(Match()))
        ))
        Navigation(Dashboard(
            edit: UserEdit().present(.fullScreenCover),
            entities: (
                user: Push(Player(team: AnyScreenTransition(Team().navigation().present()))),
                team: Push(Team(player: Player().push())),
                league: Push(League(team: Push(Team()), tournament: Push(Tournament(match: Push(Match())))))
            )
        ))
        Navigation(Messages(
            settings: Present(Settings(account: Push(AccountInfo()), changePassword: Push(ChangePassword())).navigation())
        ))
    }

    static let window = Window(selecting: { _ in 2 }, alwaysAvailable: [0]) {
        Launch()
        Welcome(login: Present(Navigation(Login())), registration: Present(Navigation(Registration())))
        tabs
    }

    static let table: RouteTable = try! RouteTable(window)
}
