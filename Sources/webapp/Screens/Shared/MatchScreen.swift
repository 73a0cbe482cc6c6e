import WebRouter

extension ScoresApp {
    /// A match (`/feed/match/12`, `/search/~match/12`, …): both teams and the score or
    /// kick-off, then one section at a time, picked in the query: the overview, the goals or
    /// the line-ups (`/feed/match/12?section=lineups`). The tree has no move from a match to a
    /// team, so the team names link to the Search tab's team sheet by deep link.
    ///
    /// ```swift
    /// Tournament(data: data, match: Push(Match(data: data)))
    /// ```
    struct Match: ContentScreen {
        typealias Context = Int
        /// The section shown: `?section=lineups`.
        struct Query: ScreenQuery {
            var section: MatchSection = .overview
            static let fields: [QueryField<Query>] = [.init("section", \.section)]
        }

        let title = "Match"
        let data: DemoData

        func title(for id: Int) -> String { data.sample.match(id).map(data.words.scoreline) ?? title }

        /// The match playing live refreshes when a goal is scored.
        func liveKeys(for id: Int) -> [LiveKey] { id == data.live.matchID ? [data.live.matchKey] : [] }

        @HTMLBuilder
        func body(_ id: Int, router: Router<Match>) throws -> some HTML {
            let match = try data.match(id)
            let tournament = data.sample.tournament(match.tournamentID)
            p(.class("muted")) { tournament?.name ?? "" }
            div(.class("card scoreboard")) {
                h1 {
                    LinkOrText(text: data.words.teamName(match.homeTeamID), href: router.teamPage(match.homeTeamID))
                    " v "
                    LinkOrText(text: data.words.teamName(match.awayTeamID), href: router.teamPage(match.awayTeamID))
                }
                if match.id == data.live.matchID {
                    let live = data.live.score
                    p(.class("score")) { "\(live.home)–\(live.away)" }
                    p { span(.class("badge")) { "Live · \(live.minute)′" } }
                } else if let score = match.status.score {
                    p(.class("score")) { "\(score.home)–\(score.away)" }
                    p { span(.class("badge")) { "Full time" } }
                } else {
                    p(.class("score")) { match.kickoff.time }
                    p { span(.class("badge")) { "Kick-off" } }
                }
            }
            ShareLink(href: router.link(universal: \.share))
            router.picker(\.section, label: "Sections") { $0.title }
            switch router.query.section {
            case .overview:
                table(.class("table")) {
                    tbody {
                        tr { th(.scope("row")) { "Competition" }; td { tournament?.name ?? "" } }
                        tr {
                            th(.scope("row")) { "Kick-off" }
                            td { time(.datetime(match.kickoff.description)) { match.kickoff.day.formatted + ", " + match.kickoff.time } }
                        }
                        tr { th(.scope("row")) { "Venue" }; td { match.venue } }
                        tr { th(.scope("row")) { "Goals" }; td { match.status.isFinished ? String(match.events.count) : "Not played yet" } }
                    }
                }
            case .goals:
                h2 { "Goals" }
                if !match.status.isFinished {
                    p(.class("muted")) { "Not played yet." }
                } else if match.events.isEmpty {
                    p(.class("muted")) { "No goals." }
                } else {
                    ul(.class("list")) {
                        for goal in match.events {
                            li(.class("list-item")) {
                                strong { "\(goal.minute)′" }
                                span {
                                    data.words.playerName(goal.scorerID)
                                    small(.class("muted")) {
                                        " · " + data.words.teamName(match.teamID(goal.side))
                                        if let assist = goal.assistID { " · assist " + data.words.playerName(assist) }
                                    }
                                }
                            }
                        }
                    }
                }
            case .lineups:
                h2 { "Line-ups" }
                if match.lineups[.home].isEmpty {
                    p(.class("muted")) { "The line-ups are known once the match is played." }
                } else {
                    div(.class("grid lineups")) {
                        for side in MatchSide.allCases {
                            div(.class("card")) {
                                h3 { data.words.teamName(match.teamID(side)) }
                                ol { for playerID in match.lineups[side] { li { data.words.playerName(playerID) } } }
                            }
                        }
                    }
                }
            }
        }
    }
}
