/// One of the two teams of a match.
///
/// ```swift
/// let scorerTeam = goal.side == .home ? match.homeTeamID : match.awayTeamID
/// ```
enum MatchSide: String, Sendable, Hashable, CaseIterable {
    case home, away
}
