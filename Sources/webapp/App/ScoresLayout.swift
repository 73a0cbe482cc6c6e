import WebRouter

extension ScoresApp {
    /// The page chrome around every screen: the demo's stylesheet and icon from `Public/`, a header with the brand (and, signed in, the
    /// user's name leading to the Dashboard) and a footer pointing at the storyboard.
    ///
    /// ```swift
    /// ApplicationConfiguration(appName: "Scores", secret: secret, layout: ScoresApp.layout)
    /// ```
    static let layout = PageLayout(
        stylesheets: ["/static/scores.css"],
        icon: "/static/favicon.svg",
        header: { page in
            AnyHTML {
                a(.href("/launch"), .class("app-name")) { Brand() }
                if let user = page.request?.signedInUser {
                    a(.href("/dashboard"), .class("header-user")) { "👤 " + user }
                }
            }
        },
        footer: { _ in
            AnyHTML { small { "Sample data · " ; a(.href("/_map")) { "/_map" } } }
        })
}
