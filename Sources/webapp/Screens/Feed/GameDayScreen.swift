import WebRouter

extension ScoresApp {
    /// A game day (`/feed/game-day/40`): every match of the date, by tournament.
    ///
    /// ```swift
    /// Feed(…, gameDay: Push(GameDay(data: data, match: Push(Match(data: data)))), …)
    /// ```
    struct GameDay: ContentScreen {
        typealias Context = Int
        let title = "Game day"
        let data: DemoData
        var match: Push<GameDay, Match>

        func title(for id: Int) -> String { data.sample.gameDay(id)?.day.formatted ?? title }

        @HTMLBuilder
        func body(_ id: Int, router: Router<GameDay>) throws -> some HTML {
            let day = try data.gameDay(id)
            let matches = data.sample.matches(onGameDay: id)
            let tournamentIDs = matches.reduce(into: [Int]()) { ids, match in
                if !ids.contains(match.tournamentID) { ids.append(match.tournamentID) }
            }
            h1 { day.day.formatted }
            p(.class("muted")) { "\(matches.count) matches" }
            ShareLink(href: router.link(universal: \.share))
            for tournamentID in tournamentIDs {
                h2 { data.sample.tournament(tournamentID)?.name ?? "" }
                ul(.class("list")) {
                    for match in matches where match.tournamentID == tournamentID {
                        MatchItem(match: match, words: data.words, href: router.link(\.match, match.id))
                    }
                }
            }
        }
    }
}
