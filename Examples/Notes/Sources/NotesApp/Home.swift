import WebRouter

/// The first tab: a plain screen with no data and no transitions.
struct Home: ContentScreen {
    let title = "Home"
    let tabIcon: String? = "🏠"

    func body(_ context: Void, router: Router<Home>) -> some HTML {
        h1 { "Welcome to Notes" }
        p { "A small WebRouter app: every page is a URL, and it works without JavaScript." }
        p(.class("muted")) { "Open the Notes tab to read and write notes, or Tags to browse them by tag." }
    }
}
