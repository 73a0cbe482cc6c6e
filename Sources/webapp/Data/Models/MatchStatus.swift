/// Whether a match has been played, and its final score if so.
///
/// ```swift
/// switch match.status {
/// case .finished(let home, let away): print("\(home)–\(away)")
/// case .scheduled: print("kick-off \(match.kickoff.time)")
/// }
/// ```
enum MatchStatus: Sendable, Hashable {
    /// Played; the final score (after extra time in a cup).
    case finished(home: Int, away: Int)
    /// Not played yet.
    case scheduled

    /// `true` for `.finished`.
    var isFinished: Bool {
        if case .finished = self { true } else { false }
    }

    /// The final score as `(home, away)`, `nil` when scheduled.
    var score: (home: Int, away: Int)? {
        if case .finished(let home, let away) = self { (home, away) } else { nil }
    }
}
