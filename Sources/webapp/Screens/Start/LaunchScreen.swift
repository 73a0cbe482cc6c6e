import WebRouter

extension ScoresApp {
    /// The start screen (`/launch`), reachable signed in or not: the brand and the ways in.
    ///
    /// ```swift
    /// Window(…, alwaysAvailable: [0]) { Launch(); … }
    /// ```
    struct Launch: ContentScreen {
        let title = "Start"

        @HTMLBuilder
        func body(_ context: Void, router: Router<Launch>) -> some HTML {
            Brand(size: .large)
            div(.class("card")) {
                if let user = router.request.signedInUser {
                    p { "Signed in as " ; strong { user } ; "." }
                    p { a(.href(router.root().tab(Feed.self)?.url ?? "/"), .class("button button-primary")) { "Open the feed" } }
                } else {
                    p { a(.href(router.root().case(Welcome.self)?.move(\.login).url ?? "/welcome"), .class("button button-primary")) { "Sign in" } }
                    p { a(.href(router.root().case(Welcome.self)?.move(\.registration).url ?? "/welcome"), .class("button")) { "Create an account" } }
                    p { a(.href(router.root().tab(Feed.self)?.url ?? "/")) { "Go to the feed" } }
                }
            }
        }
    }
}
