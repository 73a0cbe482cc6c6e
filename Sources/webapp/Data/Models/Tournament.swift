/// A competition in one season of one league: the round-robin season itself or a knockout cup.
///
/// League `L` owns tournaments `3L-2` (its Super Cup, played first), `3L-1` (the season, a double
/// round robin of its eight teams) and `3L` (its cup), so tournament 5 is league 2's season.
///
/// ```swift
/// let season = SampleData.make().tournament(5)!
/// season.kind      // .league
/// season.season    // "2026/27"
/// ```
struct Tournament: Sendable, Hashable, Identifiable {
    /// How a tournament is played.
    enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Every team meets every other team home and away; ranked by a table.
        case league
        /// Knockout: each match has a winner (extra time decides a draw).
        case cup
    }

    /// 1-based, dense.
    let id: Int
    /// Display name, e.g. "Liga Ibérica 2026/27".
    let name: String
    /// The league running the tournament.
    let leagueID: Int
    /// The season, e.g. "2026/27".
    let season: String
    /// Round robin or knockout.
    let kind: Kind
    /// The tournament's matches in kickoff order.
    let matchIDs: [Int]
}
