/// A match of a tournament: who plays whom, when and where, and for a finished match the score,
/// the goals and the line-ups.
///
/// Match ids count up day by day; within a day by tournament, then kickoff time; so tournament 5
/// (league 2's season) holds match 12, the second match of its opening day.
///
/// ```swift
/// let data = SampleData.make()
/// let match = data.match(12)!
/// let home = data.team(match.homeTeamID)!, away = data.team(match.awayTeamID)!
/// if let score = match.status.score { print("\(home.name) \(score.home)–\(score.away) \(away.name)") }
/// ```
struct Match: Sendable, Hashable, Identifiable {
    /// 1-based, dense, in kickoff-day order.
    let id: Int
    /// The tournament the match belongs to.
    let tournamentID: Int
    /// The home team.
    let homeTeamID: Int
    /// The away team.
    let awayTeamID: Int
    /// Kickoff date and local time.
    let kickoff: DayTime
    /// The stadium (the home team's ground, or a neutral one for a super cup).
    let venue: String
    /// Finished with a score, or scheduled.
    let status: MatchStatus
    /// The goals in minute order; as many per side as the score says. Empty when scheduled.
    let events: [GoalEvent]
    /// The starting elevens; empty when scheduled.
    let lineups: Lineups

    /// The team id of `side`.
    func teamID(_ side: MatchSide) -> Int {
        side == .home ? homeTeamID : awayTeamID
    }

    /// `true` when `teamID` is the home or the away team.
    func involves(teamID: Int) -> Bool {
        homeTeamID == teamID || awayTeamID == teamID
    }
}
