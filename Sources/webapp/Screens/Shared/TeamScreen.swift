import WebRouter

extension ScoresApp {
    /// A team (`/search/~team/3`, `/dashboard/team/3`): club facts, the squad (players link
    /// where this place of the tree has a move to them), recent results and next fixtures, the
    /// club's website, Share, and "Close all" when the team's sheet lies over other sheets
    /// (`/dashboard/team/3/~player/7/~team/4` → `/dashboard/team/3`).
    ///
    /// ```swift
    /// Team(data: data, player: Player(data: data).push())   // squad links push a player
    /// Team(data: data)                                      // squad as plain names
    /// ```
    struct Team: ContentScreen {
        typealias Context = Int
        let title = "Team"
        let data: DemoData
        var player: AnyScreenTransition<Team, Player>?

        init(data: DemoData) {
            self.data = data
            self.player = nil
        }

        init<Move: Transition>(data: DemoData, player: Move) where Move.From == Team, Move.To.NestedScreen == Player {
            self.data = data
            self.player = AnyScreenTransition(player)
        }

        func title(for id: Int) -> String { data.sample.team(id)?.name ?? title }

        @HTMLBuilder
        func body(_ id: Int, router: Router<Team>) throws -> some HTML {
            let team = try data.team(id)
            div(.class("card")) {
                h1 { TeamCrest(colour: team.colour); " " + team.name }
                p(.class("muted")) {
                    team.city + " · founded " + String(team.founded) + " · " + team.stadium
                }
                p { span(.class("badge")) { data.sample.league(team.leagueID)?.name ?? "" } }
                p { ExternalLink(team.websiteURL, "Official website") }
            }
            p(.class("page-actions")) {
                a(.href(router.link(universal: \.share)), .class("button")) { "Share" }
                // Over another sheet (a player's, say): one move closes them all.
                if let dismiss = router.dismiss, dismiss != router.dismissAll {
                    " "
                    a(.href(router.dismissAll), .class("button")) { "Close all" }
                }
            }
            h2 { "Results" }
            ul(.class("list")) {
                for match in data.sample.recentMatches(limit: 5, teamID: id) {
                    MatchItem(match: match, words: data.words, href: router.matchPage(match.id))
                }
            }
            h2 { "Fixtures" }
            ul(.class("list")) {
                for match in data.sample.upcomingMatches(limit: 5, teamID: id) {
                    MatchItem(match: match, words: data.words, href: router.matchPage(match.id))
                }
            }
            h2 { "Squad" }
            ul(.class("list")) {
                for member in data.sample.players(of: id) {
                    li(.class("list-item")) {
                        if let href = router.link(\.player, member.id) {
                            a(.href(href)) { SquadLine(player: member) }
                        } else {
                            SquadLine(player: member)
                        }
                    }
                }
            }
        }
    }
}

extension TeamRecord {
    /// The club's (made-up) website.
    var websiteURL: String { "https://www.example.com/clubs/\(id)" }
}

/// A squad member's line: shirt number, name, position.
private struct SquadLine: HTML {
    let player: Player

    func render(into output: inout HTMLOutput) {
        strong { String(player.shirtNumber) }.render(into: &output)
        span { player.name }.render(into: &output)
        small(.class("muted")) { player.position.abbreviation }.render(into: &output)
    }
}
