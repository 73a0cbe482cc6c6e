import WebRouter

extension ScoresApp {
    /// The page chrome around every screen: a header with the brand (and, signed in, the way
    /// to the Dashboard) and a footer pointing at the storyboard.
    ///
    /// ```swift
    /// ApplicationConfiguration(appName: "Scores", secret: secret, layout: ScoresApp.layout)
    /// ```
    static let layout = PageLayout(
        header: { page in
            AnyHTML {
                a(.href("/launch"), .class("app-name")) { Brand() }
                // The layout sees the page, not the request: the tab bar is there exactly when
                // someone is signed in (the Launch screen aside), so it stands for the session.
                if !page.tabs.isEmpty {
                    a(.href("/dashboard")) { "👤 My profile" }
                }
            }
        },
        footer: { _ in
            AnyHTML { small { "Sample data · " ; a(.href("/_map")) { "/_map" } } }
        })
}
