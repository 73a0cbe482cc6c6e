import WebRouter

extension ScoresApp {
    /// A player (`/search/~user/7`, `/dashboard/user/7`): position, number, season stats and
    /// the club, a link where this place of the tree has a move to the team.
    ///
    /// ```swift
    /// Player(data: data, team: Push(Team(data: data)))   // with a move to the team
    /// Player(data: data)                                 // without
    /// ```
    struct Player: ContentScreen {
        typealias Context = Int
        let title = "Player"
        let data: DemoData
        var team: AnyScreenTransition<Player, Team>?

        init(data: DemoData) {
            self.data = data
            self.team = nil
        }

        init<Move: Transition>(data: DemoData, team: Move) where Move.From == Player, Move.To.NestedScreen == Team {
            self.data = data
            self.team = AnyScreenTransition(team)
        }

        func title(for id: Int) -> String { data.sample.player(id)?.name ?? title }

        @HTMLBuilder
        func body(_ id: Int, router: Router<Player>) throws -> some HTML {
            let player = try data.player(id)
            let club = data.words.teamName(player.teamID)
            div(.class("card")) {
                p(.class("score")) { "#" + String(player.shirtNumber) }
                h1 { player.name }
                p { player.position.label + " · " ; LinkOrText(text: club, href: router.link(\.team, player.teamID)) }
            }
            ShareLink(href: router.link(universal: \.share))
            div(.class("grid")) {
                div(.class("card")) { p(.class("score")) { String(player.goals) }; p(.class("muted")) { "Goals" } }
                div(.class("card")) { p(.class("score")) { String(player.assists) }; p(.class("muted")) { "Assists" } }
            }
            table(.class("table")) {
                tbody {
                    tr { th(.scope("row")) { "Nationality" }; td { player.nationality } }
                    tr { th(.scope("row")) { "Born" }; td { player.birthDate.formatted } }
                    tr { th(.scope("row")) { "Age" }; td { String(player.age(on: SampleData.today)) } }
                    tr { th(.scope("row")) { "Club" }; td { club } }
                }
            }
        }
    }
}
