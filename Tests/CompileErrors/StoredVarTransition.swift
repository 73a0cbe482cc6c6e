// The control: the same links along stored `var` transitions (and a universal one, declared
// in an extension and linked with `link(universal:)`) typecheck without a diagnostic, so the
// check fails if the unavailable overloads ever catch the right declaration too.
import WebRouter

struct Feed: ContentScreen {
    var match: Push<Feed, Match>
    var gameDay: Push<Feed, Match>?
    var settings: Present<Feed, Settings>
    var entities: (team: Push<Feed, Match>, league: Push<Feed, Match>)
    var computedWithSetter: Push<Feed, Match> { get { match } set { match = newValue } }
    func body(_ context: Void, router: Router<Feed>) -> some HTML {
        a(.href(router.link(\.match, 12))) { "Match 12" }
        if let gameDay = router.link(\.gameDay, 3) { a(.href(gameDay)) { "Game day" } }
        a(.href(router.link(\.settings))) { "Settings" }
        a(.href(router.link(\.entities.team, 1))) { "Team 1" }
        a(.href(router.link(\.computedWithSetter, 2))) { "Match 2" }
        a(.href(router.link(universal: \.share))) { "Share" }
    }
}

extension ContentScreen {
    var share: Present<Self, Settings> { Present(universal: "share") }
}

struct Match: ContentScreen {
    typealias Context = Int
    func body(_ id: Int, router: Router<Match>) -> some HTML { p { "Match \(id)" } }
}

struct Settings: ContentScreen {
    func body(_ context: Void, router: Router<Settings>) -> some HTML { p { "Settings" } }
}

func deepLinks(_ app: Application) -> [String?] {
    [app.root().tab(Feed.self)?.move(\.match, 1).url,
     app.root().tab(Feed.self)?.move(\.gameDay, 1)?.url,
     app.root().tab(Feed.self)?.move(universal: \.share).url]
}
