import WebRouter

extension Router {
    /// A team's page where the current screen has no move to it: the Search tab's team
    /// sheet (`/search/~team/3`), a typed deep link from the root.
    ///
    /// ```swift
    /// a(.href(router.teamPage(3))) { "Kingsbridge United" }
    /// ```
    func teamPage(_ id: Int) -> String? {
        root().tab(ScoresApp.Search.self)?.move(\.team, id).url
    }

    /// A match's page where the current screen has no move to it: `/feed/match/12`.
    func matchPage(_ id: Int) -> String? {
        root().tab(ScoresApp.Feed.self)?.move(\.match, id).url
    }
}
