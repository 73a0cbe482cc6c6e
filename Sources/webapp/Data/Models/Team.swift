/// A club of the sample data with its squad.
///
/// ```swift
/// let data = SampleData.make()
/// let team = data.team(3)!
/// print(team.name, team.shortName, team.colour)   // e.g. "Kingsbridge United KIN #c8102e"
/// let squad = data.players(of: team.id)
/// ```
struct Team: Sendable, Hashable, Identifiable {
    /// 1-based, dense; league `L` owns teams `8L-7 … 8L`.
    let id: Int
    /// Full name, e.g. "Riverside Rovers".
    let name: String
    /// Three capital letters for tables and scoreboards, unique within the league, e.g. "RIV".
    let shortName: String
    /// Home city.
    let city: String
    /// The league the team plays in.
    let leagueID: Int
    /// Year the club was founded.
    let founded: Int
    /// Home ground; also the venue of its home matches.
    let stadium: String
    /// Club colour as a CSS hex colour, e.g. "#c8102e".
    let colour: String
    /// The squad (ids into `SampleData.player(_:)`), ordered by shirt number.
    let playerIDs: [Int]
}
