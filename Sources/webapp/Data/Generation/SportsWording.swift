/// Sentence fragments about teams, players and matches, shared by the feed and inbox writers.
///
/// ```swift
/// let words = SportsWording(teams: teams, players: players)
/// words.scoreline(match)          // "Riverside Rovers 2–1 Ashford Albion"
/// words.scorers(in: match)        // "Tom Ashworth 23', 67'; Jack Carter 81'"
/// ```
struct SportsWording: Sendable {
    /// All teams, index = id - 1.
    let teams: [Team]
    /// All players, index = id - 1.
    let players: [Player]

    /// The team's name, or "Unknown team".
    func teamName(_ id: Int) -> String {
        teams.indices.contains(id - 1) ? teams[id - 1].name : "Unknown team"
    }

    /// The player's name, or "Unknown player".
    func playerName(_ id: Int) -> String {
        players.indices.contains(id - 1) ? players[id - 1].name : "Unknown player"
    }

    /// "Home 2–1 Away" when finished, "Home v Away" when scheduled.
    func scoreline(_ match: Match) -> String {
        if let score = match.status.score {
            return "\(teamName(match.homeTeamID)) \(score.home)–\(score.away) \(teamName(match.awayTeamID))"
        }
        return "\(teamName(match.homeTeamID)) v \(teamName(match.awayTeamID))"
    }

    /// "Home v Away", whatever the status.
    func fixture(_ match: Match) -> String {
        "\(teamName(match.homeTeamID)) v \(teamName(match.awayTeamID))"
    }

    /// The scorers with their minutes, grouped by player in order of first goal, e.g.
    /// "Tom Ashworth 23', 67'; Jack Carter 81'"; "no goals" when there were none.
    func scorers(in match: Match, side: MatchSide? = nil) -> String {
        var order: [Int] = []
        var minutes: [Int: [Int]] = [:]
        for goal in match.events where side == nil || goal.side == side {
            if minutes[goal.scorerID] == nil { order.append(goal.scorerID) }
            minutes[goal.scorerID, default: []].append(goal.minute)
        }
        guard !order.isEmpty else { return "no goals" }
        return order.map { id in
            playerName(id) + " " + (minutes[id] ?? []).map { "\($0)'" }.joined(separator: ", ")
        }.joined(separator: "; ")
    }

    /// The winner's id, `nil` for a draw or a scheduled match.
    func winner(of match: Match) -> Int? {
        guard let score = match.status.score, score.home != score.away else { return nil }
        return score.home > score.away ? match.homeTeamID : match.awayTeamID
    }

    /// The loser's id, `nil` for a draw or a scheduled match.
    func loser(of match: Match) -> Int? {
        guard let winner = winner(of: match) else { return nil }
        return winner == match.homeTeamID ? match.awayTeamID : match.homeTeamID
    }

    /// Total goals, 0 when scheduled.
    func totalGoals(_ match: Match) -> Int {
        guard let score = match.status.score else { return 0 }
        return score.home + score.away
    }

    /// `true` when a cup match needed extra time (a goal after the 90th minute).
    func wentToExtraTime(_ match: Match) -> Bool {
        match.events.contains { $0.minute > 90 }
    }
}
