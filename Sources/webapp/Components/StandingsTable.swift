import WebRouter

/// A tournament table: position, team (a link where `teamHref` gives one), played, won, drawn,
/// lost, goal difference and points.
///
/// ```swift
/// StandingsTable(rows: data.sample.standings(for: 5), words: data.words) { router.link(\.team, $0) }
/// ```
struct StandingsTable: HTML {
    let rows: [StandingRow]
    let words: SportsWording
    let teamHref: (Int) -> String?

    func render(into output: inout HTMLOutput) {
        table(.class("table")) {
            thead {
                tr {
                    th(.scope("col")) { "#" }
                    th(.scope("col"), .class("team-cell")) { "Team" }
                    th(.scope("col"), .title("Played")) { "P" }
                    th(.scope("col"), .title("Won")) { "W" }
                    th(.scope("col"), .title("Drawn")) { "D" }
                    th(.scope("col"), .title("Lost")) { "L" }
                    th(.scope("col"), .title("Goal difference")) { "GD" }
                    th(.scope("col"), .title("Points")) { "Pts" }
                }
            }
            tbody {
                for row in rows {
                    tr {
                        td { String(row.position) }
                        td(.class("team-cell")) { LinkOrText(text: words.teamName(row.teamID), href: teamHref(row.teamID)) }
                        td { String(row.played) }
                        td { String(row.won) }
                        td { String(row.drawn) }
                        td { String(row.lost) }
                        td { row.goalDifference > 0 ? "+" + String(row.goalDifference) : String(row.goalDifference) }
                        td { strong { String(row.points) } }
                    }
                }
            }
        }.render(into: &output)
    }
}
