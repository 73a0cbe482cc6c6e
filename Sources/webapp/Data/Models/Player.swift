/// A player of the sample data. `goals` and `assists` are totals over the finished matches, so
/// they always agree with the matches' goal events.
///
/// Player ids are assigned league by league, and within a league position line by position line
/// (forwards first, then midfielders, defenders, goalkeepers), team by team: every squad has
/// three forwards, so player 7 is team 3's first forward.
///
/// ```swift
/// let data = SampleData.make()
/// let player = data.player(7)!
/// print(player.name, player.position.label, player.shirtNumber)   // "Takumi Morita Forward 9"
/// let team = data.team(player.teamID)
/// ```
struct Player: Sendable, Hashable, Identifiable {
    /// Where a player plays.
    enum Position: String, Sendable, Hashable, CaseIterable, Comparable {
        case goalkeeper, defender, midfielder, forward

        /// Display label, e.g. "Goalkeeper".
        var label: String {
            switch self {
            case .goalkeeper: "Goalkeeper"
            case .defender: "Defender"
            case .midfielder: "Midfielder"
            case .forward: "Forward"
            }
        }

        /// Two-letter abbreviation for line-ups: GK, DF, MF, FW.
        var abbreviation: String {
            switch self {
            case .goalkeeper: "GK"
            case .defender: "DF"
            case .midfielder: "MF"
            case .forward: "FW"
            }
        }

        private var order: Int {
            switch self {
            case .goalkeeper: 0
            case .defender: 1
            case .midfielder: 2
            case .forward: 3
            }
        }

        static func < (lhs: Position, rhs: Position) -> Bool { lhs.order < rhs.order }
    }

    /// 1-based, dense.
    let id: Int
    /// Full name, e.g. "José Álvarez".
    let name: String
    /// The player's club.
    let teamID: Int
    /// Playing position.
    let position: Position
    /// Shirt number, unique within the team.
    let shirtNumber: Int
    /// Country of citizenship, e.g. "Spain".
    let nationality: String
    /// Date of birth.
    let birthDate: Day
    /// Goals scored in finished matches of the season.
    let goals: Int
    /// Assists in finished matches of the season.
    let assists: Int

    /// Age in whole years on `day`.
    func age(on day: Day) -> Int {
        let hadBirthday = (day.month, day.day) >= (birthDate.month, birthDate.day)
        return day.year - birthDate.year - (hadBirthday ? 0 : 1)
    }
}
