/// A goal in a finished match: when, for which side, who scored and who assisted.
/// Goals are credited to the scoring side; the scorer is always a player of that side's starting XI.
///
/// ```swift
/// for goal in match.events {
///     print("\(goal.minute)'", data.player(goal.scorerID)?.name ?? "")
/// }
/// ```
struct GoalEvent: Sendable, Hashable {
    /// Match minute, 1 … 90, or 91 … 120 in a cup's extra time.
    let minute: Int
    /// The side the goal counts for.
    let side: MatchSide
    /// The scoring player.
    let scorerID: Int
    /// The assisting player, if any.
    let assistID: Int?
}
