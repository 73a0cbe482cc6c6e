import Synchronization
import WebRouter

// A tree that uses every SwiftfulRouting / VDFlow feature: alerts, universal transitions,
// nested modals, flows, the dismiss family, query state, present styles, external links.

enum Section: String, URLContext, CaseIterable, Comparable {
    case overview, lineups, stats
    static func < (lhs: Section, rhs: Section) -> Bool { lhs.rawValue < rhs.rawValue }
}
enum Kind: String, URLContext, CaseIterable, Comparable {
    case players, teams
    static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
}

struct Share: ContentScreen {
    func body(_ context: Void, router: Router<Share>) -> some HTML {
        input(.class("share-link"), .aria("label", "Link"), .value(router.dismiss ?? router.url), .readonly)
    }
}

extension ContentScreen {
    var share: Present<Self, Share> { Present(universal: "share") }
}

struct Lobby: ContentScreen {
    struct Query: ScreenQuery {
        var kinds: Set<Kind> = [.players, .teams]
        var league: Int? = nil
        var text: String? = nil
        static let fields: [QueryField<Query>] = [.init("kind", \.kinds), .init("league", \.league), .init("q", \.text)]
    }
    let title = "Lobby"
    var game: Push<Lobby, Game>
    var player: Present<Lobby, Navigation<Person>>
    var filter: Present<Lobby, Filter>
    var settings: Present<Lobby, Navigation<Preferences>>
    var wizard: Present<Lobby, Flow<Wizard>>
    var card: Present<Lobby, Card>
    func body(_ context: Void, router: Router<Lobby>) -> some HTML {
        p(.class("kinds")) { "Kinds: " + router.query.kinds.sorted().map(\.rawValue).joined(separator: ",") }
        p(.class("league")) { "League: " + (router.query.league.map { String($0) } ?? "any") }
        a(.href(router.link(\.filter))) { "Filter" }
        ExternalLink("https://www.example.org/rules", "Rules")
        ExternalLink("javascript:alert(1)", "Bad")
    }
}

struct Game: ContentScreen {
    typealias Context = Int
    struct Query: ScreenQuery {
        var section: Section = .overview
        static let fields: [QueryField<Query>] = [.init("section", \.section)]
    }
    func title(for context: Int) -> String { "Game \(context)" }
    func body(_ id: Int, router: Router<Game>) -> some HTML {
        router.picker(\.section, label: "Sections") { $0.rawValue.capitalized }
        p(.class("section")) { "Section: " + router.query.section.rawValue }
        a(.href(router.link(universal: \.share))) { "Share" }
    }
}

struct Person: ContentScreen {
    typealias Context = Int
    enum Action: String, ScreenAction { case closeAll = "close-all", upToHome = "up-to-home" }
    var team: Push<Person, Squad>? = nil
    func title(for context: Int) -> String { "Person \(context)" }
    func body(_ id: Int, router: Router<Person>) -> some HTML {
        router.form(.closeAll) { button(.type("submit")) { "Close all" } }
    }
    func perform(_ action: Action, form: FormData, router: Router<Person>) async throws -> ActionResult {
        switch action {
        case .closeAll: .move(to: router.dismissAll)
        case .upToHome: .move(to: router.dismiss(upTo: Lobby.self) ?? "/")
        }
    }
}

struct Squad: ContentScreen {
    typealias Context = Int
    var card: Present<Squad, Card>
    func body(_ id: Int, router: Router<Squad>) -> some HTML { "Squad" }
}

struct Card: ContentScreen {
    func body(_ context: Void, router: Router<Card>) -> some HTML { "Card" }
}

struct Filter: ContentScreen {
    enum Action: String, ScreenAction { case apply }
    func body(_ context: Void, router: Router<Filter>) -> some HTML {
        router.form(.apply) {
            input(.type("checkbox"), .name("kind"), .value("players"), .aria("label", "Players"))
            input(.type("checkbox"), .name("kind"), .value("teams"), .aria("label", "Teams"))
            input(.type("text"), .name("league"), .aria("label", "League"))
            button(.type("submit")) { "Apply" }
        }
    }
    func perform(_ action: Action, form: FormData, router: Router<Filter>) async throws -> ActionResult {
        let kinds = Set(form.values(for: "kind").compactMap(Kind.init(rawValue:)))
        let league = form["league"].flatMap { Int($0) }
        return .move(to: router.dismiss(updating: Lobby.self) { $0.kinds = kinds; $0.league = league } ?? "/")
    }
}

struct Preferences: ContentScreen {
    enum Action: String, ScreenAction { case signOut = "sign-out", rename }
    enum Alert: String, ScreenAlert {
        case signOut = "sign-out", rename, info
        static let parameter = "confirm"
    }
    func body(_ context: Void, router: Router<Preferences>) -> some HTML {
        a(.href(router.link(alert: .signOut))) { "Sign out" }
    }
    func alert(_ alert: Alert, router: Router<Preferences>) -> AlertModel {
        switch alert {
        case .signOut:
            AlertModel(title: "Sign out?", message: "You can sign in again any time.", role: .confirmationDialog,
                       actions: [router.alertButton("Sign out", action: .signOut, role: .destructive), router.cancelButton()],
                       dismissHref: router.url)
        case .rename:
            AlertModel(title: "Rename", actions: [router.alertButton("Save", action: .rename), router.cancelButton()],
                       dismissHref: router.url, textField: AlertTextField(name: "name", label: "Name"))
        case .info:
            router.basicAlert(title: "Saved", message: "All good.")
        }
    }
    func perform(_ action: Action, form: FormData, router: Router<Preferences>) async throws -> ActionResult {
        switch action {
        case .signOut: .move(to: router.dismiss ?? "/")
        case .rename: .move(to: router.url + "?confirm=info&name=" + (form["name"] ?? ""))
        }
    }
}

enum Step: String, FlowStep { case name, team, confirm }

struct Wizard: ContentScreen {
    typealias Context = Step
    enum Action: String, ScreenAction { case next }
    func body(_ step: Step, router: Router<Wizard>) -> some HTML {
        p(.class("progress")) { "Step \(router.stepIndex + 1) of \(router.stepCount)" }
        if let previous = router.previousStep { a(.href(previous), .rel("prev")) { "Back" } }
        router.form(.next) { button(.type("submit")) { router.nextStep == nil ? "Finish" : "Next" } }
    }
    func perform(_ action: Action, form: FormData, router: Router<Wizard>) async throws -> ActionResult {
        .move(to: router.nextStepOrFinish)
    }
}

/// Records what observers are told.
final class Recorder: RouteObserver {
    let observesScreenViews: Bool
    let views = Mutex<[ScreenView]>([])
    let moves = Mutex<[RouteMove]>([])
    func screenViewed(_ view: ScreenView) { views.withLock { $0.append(view) } }
    func moved(_ move: RouteMove) { moves.withLock { $0.append(move) } }
    init(observesScreenViews: Bool = true) { self.observesScreenViews = observesScreenViews }
}

enum ParityApp {
    static let window = Window(Tabs {
        Navigation(Lobby(
            game: Push(Game()),
            player: Present(Navigation(Person(team: Push(Squad(card: Present(Card(), style: .centered)))))),
            filter: Present(Filter(), style: .sheet(detent: .medium)),
            settings: Present(Navigation(Preferences())),
            wizard: Flow(base: Wizard()).present(.fullScreenCover),
            card: Present(Card(), style: .centered)))
    }).universal(.present("share", Share(), style: .centered))

    static func make(observer: Recorder? = nil) throws -> Application {
        var configuration = ApplicationConfiguration(appName: "Parity")
        if let observer { configuration.observers = [observer] }
        return try Application(window, configuration: configuration)
    }
}
