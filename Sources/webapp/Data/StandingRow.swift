/// One team's line in a tournament table, computed from the tournament's finished matches
/// (3 points for a win, 1 for a draw).
///
/// ```swift
/// for row in SampleData.make().standings(for: 5) {
///     print(row.position, row.teamID, row.played, row.goalDifference, row.points)
/// }
/// ```
struct StandingRow: Sendable, Hashable {
    /// Rank in the table, 1-based.
    let position: Int
    /// The team.
    let teamID: Int
    /// Matches played.
    let played: Int
    /// Matches won.
    let won: Int
    /// Matches drawn.
    let drawn: Int
    /// Matches lost.
    let lost: Int
    /// Goals scored.
    let goalsFor: Int
    /// Goals conceded.
    let goalsAgainst: Int

    /// `goalsFor - goalsAgainst`.
    var goalDifference: Int { goalsFor - goalsAgainst }
    /// `3 × won + drawn`.
    var points: Int { 3 * won + drawn }

    /// The table of `teamIDs` over the finished `matches`, sorted by points, goal difference,
    /// goals scored, then team name (from `name`). Matches of other teams are ignored.
    static func table(teamIDs: [Int], matches: [Match], name: (Int) -> String) -> [StandingRow] {
        var tally: [Int: (won: Int, drawn: Int, lost: Int, scored: Int, conceded: Int)] = [:]
        for id in teamIDs { tally[id] = (0, 0, 0, 0, 0) }
        func record(_ team: Int, scored: Int, conceded: Int) {
            guard var line = tally[team] else { return }
            if scored > conceded { line.won += 1 } else if scored == conceded { line.drawn += 1 } else { line.lost += 1 }
            line.scored += scored
            line.conceded += conceded
            tally[team] = line
        }
        for match in matches {
            guard let score = match.status.score else { continue }
            record(match.homeTeamID, scored: score.home, conceded: score.away)
            record(match.awayTeamID, scored: score.away, conceded: score.home)
        }
        let unranked = teamIDs.compactMap { id -> (row: StandingRow, name: String)? in
            guard let line = tally[id] else { return nil }
            let row = StandingRow(position: 0, teamID: id, played: line.won + line.drawn + line.lost,
                                  won: line.won, drawn: line.drawn, lost: line.lost,
                                  goalsFor: line.scored, goalsAgainst: line.conceded)
            return (row, name(id))
        }
        let sorted = unranked.sorted { lhs, rhs in
            let l = lhs.row, r = rhs.row
            if l.points != r.points { return l.points > r.points }
            if l.goalDifference != r.goalDifference { return l.goalDifference > r.goalDifference }
            if l.goalsFor != r.goalsFor { return l.goalsFor > r.goalsFor }
            if lhs.name != rhs.name { return lhs.name < rhs.name }
            return l.teamID < r.teamID
        }
        return sorted.enumerated().map { index, entry in
            let row = entry.row
            return StandingRow(position: index + 1, teamID: row.teamID, played: row.played, won: row.won,
                               drawn: row.drawn, lost: row.lost, goalsFor: row.goalsFor, goalsAgainst: row.goalsAgainst)
        }
    }
}
