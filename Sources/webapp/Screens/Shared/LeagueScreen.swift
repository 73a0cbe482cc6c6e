import WebRouter

extension ScoresApp {
    /// A league (`/dashboard/league/2`, `/search/~league/2`): the season's table and the
    /// league's tournaments; team rows and tournaments link where the tree has those moves.
    ///
    /// ```swift
    /// League(data: data, team: Push(Team(data: data)), tournament: Push(Tournament(…)))
    /// League(data: data)
    /// ```
    struct League: ContentScreen {
        typealias Context = Int
        let title = "League"
        let data: DemoData
        var team: Push<League, Team>? = nil
        var tournament: Push<League, Tournament>? = nil

        func title(for id: Int) -> String { data.sample.league(id)?.name ?? title }

        @HTMLBuilder
        func body(_ id: Int, router: Router<League>) throws -> some HTML {
            let league = try data.league(id)
            let tournaments = data.sample.tournaments(in: id)
            h1 { league.name }
            p(.class("muted")) { league.country + " · \(league.teamIDs.count) teams" }
            p { ExternalLink("https://www.example.org/competitions/\(league.id)/rules", "Competition rules") }
            ShareLink(href: router.link(universal: \.share))
            if let season = tournaments.first(where: { $0.kind == .league }) {
                h2 { "Table " + season.season }
                StandingsTable(rows: data.sample.standings(for: season.id), words: data.words) { router.link(\.team, $0) }
            }
            h2 { "Tournaments" }
            ul(.class("list")) {
                for tournament in tournaments {
                    li(.class("list-item")) {
                        LinkOrText(text: tournament.name, href: router.link(\.tournament, tournament.id))
                    }
                }
            }
        }
    }
}
