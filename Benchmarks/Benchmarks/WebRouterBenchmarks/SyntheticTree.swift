import WebRouter

/// The synthetic app the micro benchmarks measure: a `Home` screen that pushes a `Level`
/// which pushes itself (so a URL can be as deep as the value is), and a `Listing` of a given
/// number of linked items.
///
/// ```
/// /level/1/next/2/next/3       depth 3 (plus the root)
/// /listing/300                 300 items
/// ```
enum SyntheticTree {
    /// The deepest URL the tree allows.
    static let maximumDepth = 32

    struct Home: ContentScreen {
        let title = "Home"
        var level: Push<Home, Level>
        var listing: Push<Home, Listing>

        func body(_ context: Void, router: Router<Home>) -> some HTML {
            p { "Pick a benchmark." }
        }
    }

    /// One level of the deep stack; renders a heading and a link one level further down.
    struct Level: ContentScreen {
        typealias Context = Int
        var next: Push<Level, Level>?

        func title(for context: Int) -> String { "Level \(context)" }

        @HTMLBuilder
        func body(_ context: Int, router: Router<Level>) -> some HTML {
            h1 { "Level \(context)" }
            p(.class("muted")) { "A screen pushed \(context) times, with <escaped> & \"quoted\" text." }
            if let deeper = router.link(\.next, context + 1) {
                a(.href(deeper)) { "Deeper" }
            }
        }
    }

    /// A list of `count` items, each a link and two escaped texts.
    struct Listing: ContentScreen {
        typealias Context = Int

        @HTMLBuilder
        func body(_ count: Int, router: Router<Listing>) -> some HTML {
            h1 { "\(count) items" }
            ul(.class("list")) {
                for index in 0..<max(0, min(count, 100_000)) {
                    li(.class("list-item")) {
                        a(.href("/listing/\(index)")) {
                            span { "Item \(index)" }
                            small(.class("muted")) { "Rovers & Wanderers" }
                        }
                    }
                }
            }
        }
    }

    static func level(depth: Int) -> Level {
        depth <= 1 ? Level(next: nil) : Level(next: Push(level(depth: depth - 1)))
    }

    static func application() throws -> Application {
        try Application(
            Window(Navigation(Home(level: Push(level(depth: maximumDepth)), listing: Push(Listing())))),
            configuration: ApplicationConfiguration(appName: "Bench", secret: .random()))
    }

    /// The URL of a stack `depth` screens deep: `/level/1/next/2/…`.
    static func deepURL(depth: Int) -> String {
        var url = "/level/1"
        if depth > 1 { for index in 2...depth { url += "/next/\(index)" } }
        return url
    }
}
