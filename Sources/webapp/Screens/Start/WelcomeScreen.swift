import WebRouter

extension ScoresApp {
    /// The signed-out home (`/welcome`): sign in or register, in modal sheets. The `next`
    /// query (the page wanted before signing in) travels on to the forms.
    ///
    /// ```swift
    /// Welcome(login: Present(Navigation(Login(data: data))), registration: …)
    /// ```
    struct Welcome: ContentScreen {
        let title = "Welcome"
        var login: Present<Welcome, Navigation<Login>>
        var registration: Present<Welcome, Navigation<Registration>>

        @HTMLBuilder
        func body(_ context: Void, router: Router<Welcome>) -> some HTML {
            Brand(size: .large)
            div(.class("card")) {
                h2 { "Follow your teams" }
                ul {
                    li { "Live tables for six leagues and their cups" }
                    li { "Every match with its scorers and line-ups" }
                    li { "Search players, teams and fixtures" }
                }
                p {
                    a(.href(router.link(\.login)), .class("button button-primary")) { "Sign in" }
                    " "
                    a(.href(router.link(\.registration)), .class("button")) { "Create an account" }
                }
                p(.class("muted")) { "Try the demo account: demo / demo" }
            }
        }
    }
}
