// The getting-started article's app (Sources/Hello/Hello.swift there). In the article,
// `struct Hello` is `@main`: a test target has a `main` of its own.
import WebRouter

struct Home: ContentScreen {
    let title = "Hello"
    var greeting: Push<Home, Greeting>              // a URL step: /greeting/Ada

    func body(_ context: Void, router: Router<Home>) -> some HTML {
        h1 { "Hello, web" }
        ul {
            for name in ["Ada", "Grace", "Linus"] {
                li { a(.href(router.link(\.greeting, name))) { name } }
            }
        }
    }
}

struct Greeting: ContentScreen {
    typealias Context = String                      // the name travels in the URL

    func title(for name: String) -> String { "Hello, \(name)" }

    func body(_ name: String, router: Router<Greeting>) -> some HTML {
        p { "Hello, \(name)!" }                     // text is escaped
        if let back = router.back { a(.href(back)) { "Back" } }
    }
}

func makeApp() throws -> Application {
    try Application(Window(Navigation(Home(greeting: Push(Greeting())))))
}

struct Hello {
    static func main() async {
        await Application.runCommandLine { try makeApp() }   // serve on 127.0.0.1:8080; --help for more
    }
}
