import WebRouter
import WebRouterAccounts

/// The demo app: ScreenUI's "real world example" as a screen tree, declared here and nowhere
/// else. Every screen type is nested in `ScoresApp` (`ScoresApp.Match`, …) so the names match
/// the seed while the sample data keeps its own `Match`, `Team`, … models.
///
/// ```swift
/// let app = try Application(ScoresApp.window(data: try await DemoData.open(storage: storage)), configuration: ScoresApp.configuration())
/// ```
enum ScoresApp {
    /// Signed out: Welcome (case 1); signed in: the tabs (case 2); Launch (case 0) always.
    static func window(data: DemoData) -> Window {
        Window(selecting: { $0.signedInUser == nil ? 1 : 2 }, alwaysAvailable: [0]) {
            Launch()
            Welcome(
                login: Present(Navigation(Login(data: data))),
                registration: Present(Navigation(Registration(data: data)))
            )
            Tabs {
                Navigation(
                    Feed(
                        data: data,
                        page: Push(Page(data: data)),
                        match: Push(Match(data: data)),
                        gameDay: Push(GameDay(data: data, match: Push(Match(data: data)))),
                        tournament: Push(Tournament(data: data, match: Push(Match(data: data))))
                    )
                )
                Navigation(
                    Search(
                        data: data,
                        filter: SearchFilter(data: data)
                            .navigation()
                            .configContent { $0.classes.append("toolbar-visible") }
                            .present(.sheet(detent: .medium)),
                        user: Present(Navigation(Player(data: data, team: Push(Team(data: data))))),
                        team: Team(data: data, player: Player(data: data).push())
                            .navigation()
                            .present(),
                        league: Present(Navigation(League(data: data))),
                        match: Present(Navigation(Match(data: data)))
                    )
                )
                Navigation(
                    Dashboard(
                        data: data,
                        edit: Flow(base: UserEdit(data: data)).present(.fullScreenCover),
                        entities: (
                            user: Push(Player(data: data, team: Team(data: data).navigation().present())),
                            team: Push(Team(
                                data: data,
                                player: Player(data: data, team: Team(data: data).navigation().present()).navigation().present()
                            )),
                            league: Push(League(
                                data: data,
                                team: Push(Team(data: data)),
                                tournament: Push(Tournament(data: data, match: Push(Match(data: data))))
                            ))
                        )
                    )
                )
                Navigation(
                    Messages(
                        data: data,
                        settings: Present(
                            Settings(
                                data: data,
                                account: Push(AccountInfo(data: data)),
                                changePassword: Push(ChangePassword(data: data)),
                                deleteAccount: Push(DeleteAccountScreen(accounts: data.accounts, destination: "/welcome") { username in
                                    // The account is gone already: a profile left behind (the store
                                    // failing) is replaced when the name is registered again.
                                    _ = try? await data.profiles.delete(username: username)
                                })
                            ).navigation()
                        )
                    )
                )
            }
        }
        .universal(.present("share", Share(), style: .centered))
    }
}

extension ScoresApp {
    /// The application: the tree, its chrome, its secret and who is told of every screen view
    /// and move; a tree that does not validate throws a `RouteTableError` naming the screens
    /// involved.
    ///
    /// ```swift
    /// let app = try ScoresApp.application(data: try await DemoData.open(storage: storage), secret: .random(), observers: [RouteLog()])
    /// ```
    /// `publicOrigin` is where share links point (`--public-url`); without it they are
    /// absolute only for loopback hosts. Sessions are checked against the accounts database
    /// (`Accounts.sessionRegistry`), so signing out ends them; `configure` changes the rest (the
    /// command line's options, a test's clock).
    static func application(
        data: DemoData, secret: AppSecret, publicOrigin: PublicOrigin? = nil, observers: [any RouteObserver] = [],
        configure: (inout ApplicationConfiguration) -> Void = { _ in }
    ) throws(RouteTableError) -> Application {
        var configuration = ApplicationConfiguration(appName: Brand.name, secret: secret, layout: layout)
        configuration.publicOrigin = publicOrigin
        configuration.observers = observers
        configuration.sessionRegistry = data.accounts.sessionRegistry
        // A visitor loading pages quickly costs one read per 2 s, not one per page (about
        // 90 µs each: BENCHMARKS.md); sign-out and password changes here forget at once.
        configuration.sessionCheckInterval = 2
        // Installable: the demo's icon (Public/) as an SVG and as the PNGs browsers and iOS ask for.
        configuration.installable.icons = [
            AppIcon("/static/favicon.svg", sizes: "any"),
            AppIcon("/static/icon-192.png", sizes: "192x192"),
            AppIcon("/static/icon-512.png", sizes: "512x512"),
        ]
        configure(&configuration)
        return try Application(window(data: data), configuration: configuration)
    }
}
