import WebRouter

extension ScoresApp {
    /// The Feed tab (`/feed`, `/feed?page=2`): news in pages, the next matches and game days,
    /// latest results and the season tournaments.
    ///
    /// ```swift
    /// Feed(data: data, page: Push(Page(data: data)), match: Push(Match(data: data)), …)
    /// ```
    struct Feed: ContentScreen {
        static let articlesPerPage = 5
        let title = "Feed"
        let tabIcon: String? = "📰"
        let data: DemoData
        var page: Push<Feed, Page>
        var match: Push<Feed, Match>
        var gameDay: Push<Feed, GameDay>
        var tournament: Push<Feed, Tournament>

        /// The live scores at the top refresh with every goal.
        func liveKeys(for context: Void) -> [LiveKey] { [LiveMatchSimulator.scoresKey] }

        @HTMLBuilder
        func body(_ context: Void, router: Router<Feed>) -> some HTML {
            let requested = router.request.query["page"].flatMap(Int.init) ?? 1
            let news = data.sample.feed(page: requested, perPage: Self.articlesPerPage)
                ?? data.sample.feed(page: 1, perPage: Self.articlesPerPage)
            h1 { "Feed" }
            h2 { "Live now" }
            ul(.class("list live-scores")) {
                if let match = data.sample.match(data.live.matchID) {
                    let live = data.live.score
                    li(.class("list-item")) {
                        a(.href(router.link(\.match, match.id))) {
                            span { data.words.teamName(match.homeTeamID) + " \(live.home)–\(live.away) " + data.words.teamName(match.awayTeamID) }
                            span(.class("badge")) { "Live · \(live.minute)′" }
                        }
                    }
                }
            }
            h2 { "Next up" }
            ul(.class("list")) {
                // The match playing live is under "Live now", not listed again as upcoming.
                for match in data.sample.upcomingMatches(limit: 5).filter({ $0.id != data.live.matchID }).prefix(4) {
                    MatchItem(match: match, words: data.words, href: router.link(\.match, match.id))
                }
            }
            h2 { "Game days" }
            ul(.class("list")) {
                for day in data.upcomingGameDays(limit: 3) {
                    li(.class("list-item")) {
                        a(.href(router.link(\.gameDay, day.id))) {
                            span { day.day.formatted }
                            span(.class("badge")) { "\(day.matchIDs.count) matches" }
                        }
                    }
                }
            }
            h2 { "News" }
            if let news {
                ul(.class("list")) {
                    for article in news.items {
                        li(.class("list-item")) {
                            a(.href(router.link(\.page, article.id))) {
                                span {
                                    strong { article.title }
                                    br()
                                    small(.class("muted")) { article.published.formatted + " · " + article.summary }
                                }
                            }
                        }
                    }
                }
                Pager(page: news.page, pageCount: news.pageCount) { QueryURL.make(router.url, [("page", $0 == 1 ? "" : String($0))]) }
            }
            h2 { "Latest results" }
            ul(.class("list")) {
                for match in data.sample.recentMatches(limit: 4) {
                    MatchItem(match: match, words: data.words, href: router.link(\.match, match.id))
                }
            }
            h2 { "Tournaments" }
            div(.class("grid")) {
                for league in data.sample.leagues {
                    div(.class("card")) {
                        h3 { league.name }
                        ul {
                            for tournament in data.sample.tournaments(in: league.id) {
                                li { a(.href(router.link(\.tournament, tournament.id))) { tournament.name } }
                            }
                        }
                    }
                }
            }
        }
    }
}
