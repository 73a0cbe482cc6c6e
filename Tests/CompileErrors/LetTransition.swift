// A transition declared with `let`: its key path is read-only, so linking it is a
// compile-time error naming the fix (transitions are stored `var` properties).
import WebRouter

struct Feed: ContentScreen {
    let match: Push<Feed, Match>                          // wrong: `let`
    let gameDay: Push<Feed, Match>?                       // wrong: `let`, optional
    let settings: Present<Feed, Settings>                 // wrong: `let`, no context
    func body(_ context: Void, router: Router<Feed>) -> some HTML {
        a(.href(router.link(\.match, 12))) { "Match 12" }   // error: 'link' is unavailable: Declare transitions as stored `var` properties …
        if let gameDay = router.link(\.gameDay, 3) { a(.href(gameDay)) { "Game day" } }   // error: 'link' is unavailable: Declare transitions as stored `var` properties …
        a(.href(router.link(\.settings))) { "Settings" }    // error: 'link' is unavailable: Declare transitions as stored `var` properties …
    }
}

struct Match: ContentScreen {
    typealias Context = Int
    func body(_ id: Int, router: Router<Match>) -> some HTML { p { "Match \(id)" } }
}

struct Settings: ContentScreen {
    func body(_ context: Void, router: Router<Settings>) -> some HTML { p { "Settings" } }
}
