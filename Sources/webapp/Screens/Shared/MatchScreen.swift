import WebRouter

extension ScoresApp {
    /// A match (`/feed/match/12`, `/search/~match/12`, …): both teams, the score or kickoff,
    /// venue, goals and line-ups. The tree has no move from a match to a team, so the team
    /// names link to the Search tab's team sheet by deep link.
    ///
    /// ```swift
    /// Tournament(data: data, match: Push(Match(data: data)))
    /// ```
    struct Match: ContentScreen {
        typealias Context = Int
        let title = "Match"
        let data: DemoData

        func title(for id: Int) -> String { data.sample.match(id).map(data.words.scoreline) ?? title }

        @HTMLBuilder
        func body(_ id: Int, router: Router<Match>) throws -> some HTML {
            let match = try data.match(id)
            BackToResults(dismiss: router.dismiss, query: router.request.query)
            let tournament = data.sample.tournament(match.tournamentID)
            p(.class("muted")) { tournament?.name ?? "" }
            div(.class("card scoreboard")) {
                h1 {
                    LinkOrText(text: data.words.teamName(match.homeTeamID), href: router.teamPage(match.homeTeamID))
                    " v "
                    LinkOrText(text: data.words.teamName(match.awayTeamID), href: router.teamPage(match.awayTeamID))
                }
                if let score = match.status.score {
                    p(.class("score")) { "\(score.home)–\(score.away)" }
                    p { span(.class("badge")) { "Full time" } }
                } else {
                    p(.class("score")) { match.kickoff.time }
                    p { span(.class("badge")) { "Kick-off" } }
                }
                p {
                    time(.datetime(match.kickoff.description)) { match.kickoff.day.formatted + ", " + match.kickoff.time }
                    " · " + match.venue
                }
            }
            if match.status.isFinished {
                h2 { "Goals" }
                if match.events.isEmpty {
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
                h2 { "Line-ups" }
                div(.class("grid")) {
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
