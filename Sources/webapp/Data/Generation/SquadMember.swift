/// What the match simulation needs to know about a player while the sample data is generated:
/// id, position and how likely the player is to score or assist.
///
/// ```swift
/// let striker = SquadMember(id: 7, position: .forward, scoringWeight: 5.2)
/// ```
struct SquadMember: Sendable {
    /// The player's id.
    let id: Int
    /// The player's position.
    let position: Player.Position
    /// Relative chance of being the scorer of one of the team's goals.
    let scoringWeight: Double
}
