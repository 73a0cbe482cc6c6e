import WebRouter

extension ScoresApp {
    /// The share card every screen has (a universal transition, `/feed/match/12/~share`): the
    /// page's deep link, absolute and ready to copy. The script adds a Copy button where the
    /// clipboard is available; without it the link is selected on focus.
    ///
    /// ```swift
    /// window.universal(.present("share", Share(), style: .centered))
    /// a(.href(router.link(universal: \.share))) { "Share" }
    /// ```
    struct Share: ContentScreen {
        let title = "Share"

        @HTMLBuilder
        func body(_ context: Void, router: Router<Share>) -> some HTML {
            let link = router.absoluteURL(for: router.dismiss ?? "/")
            p { "Anyone with an account can open this page with its link." }
            div(.class("share-box")) {
                input(.type("url"), .value(link), .readonly, .aria("label", "Link to this page"))
            }
        }
    }
}

extension ContentScreen {
    /// The universal share card: `router.link(universal: \.share)` on any screen.
    var share: Present<Self, ScoresApp.Share> { Present(universal: "share") }
}
