import WebRouter

extension ScoresApp {
    /// A tournament (`/feed/tournament/5`): its table (for a season) and its matches.
    ///
    /// ```swift
    /// Push(Tournament(data: data, match: Push(Match(data: data))))
    /// ```
    struct Tournament: ContentScreen {
        typealias Context = Int
        let title = "Tournament"
        let data: DemoData
        var match: Push<Tournament, Match>

        func title(for id: Int) -> String { data.sample.tournament(id)?.name ?? title }

        @HTMLBuilder
        func body(_ id: Int, router: Router<Tournament>) throws -> some HTML {
            let tournament = try data.tournament(id)
            let matches = data.sample.matches(in: id)
            h1 { tournament.name }
            p(.class("muted")) {
                (data.sample.league(tournament.leagueID)?.name ?? "") + " · " + tournament.season + " · "
                    + (tournament.kind == .league ? "League" : "Knockout cup")
            }
            ShareLink(href: router.link(universal: \.share))
            if tournament.kind == .league {
                h2 { "Table" }
                StandingsTable(rows: data.sample.standings(for: id), words: data.words) { router.teamPage($0) }
            }
            h2 { "Fixtures" }
            ul(.class("list")) {
                for match in matches where !match.status.isFinished {
                    MatchItem(match: match, words: data.words, href: router.link(\.match, match.id))
                }
            }
            h2 { "Results" }
            ul(.class("list")) {
                for match in matches.reversed() where match.status.isFinished {
                    MatchItem(match: match, words: data.words, href: router.link(\.match, match.id))
                }
            }
        }
    }
}
