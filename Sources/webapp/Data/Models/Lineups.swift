/// The two starting elevens of a match (a 4-4-2: goalkeeper, four defenders, four midfielders,
/// two forwards), as player ids. Empty for a match not played yet.
///
/// ```swift
/// for id in match.lineups.home { print(data.player(id)?.name ?? "") }
/// ```
struct Lineups: Sendable, Hashable {
    /// The home team's starting XI.
    let home: [Int]
    /// The away team's starting XI.
    let away: [Int]

    /// No line-ups (a scheduled match).
    static let none = Lineups(home: [], away: [])

    /// The line-up of `side`.
    subscript(side: MatchSide) -> [Int] {
        side == .home ? home : away
    }
}
