/// A national league of the sample data: its teams and the tournaments it runs.
///
/// ```swift
/// let data = SampleData.make()
/// if let league = data.league(2) {
///     print(league.name, league.country, league.teamIDs.count)   // "Liga Ibérica Spain 8"
/// }
/// ```
struct League: Sendable, Hashable, Identifiable {
    /// 1-based, dense.
    let id: Int
    /// Display name, e.g. "Albion Premier League".
    let name: String
    /// The country the league is played in, e.g. "England".
    let country: String
    /// The league's teams (ids into `SampleData.team(_:)`), in id order.
    let teamIDs: [Int]
    /// The league's tournaments: the season, the cup and the super cup.
    let tournamentIDs: [Int]
}
