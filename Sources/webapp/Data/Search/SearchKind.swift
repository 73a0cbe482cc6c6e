/// A kind of thing the search looks for. The raw value is the form and URL value.
///
/// ```swift
/// SearchKind(rawValue: "players")      // .players
/// SearchKind.allCases.map(\.label)     // ["Players", "Teams", "Leagues", "Matches"]
/// ```
enum SearchKind: String, Sendable, Hashable, CaseIterable {
    case players, teams, leagues, matches

    /// Display label, e.g. "Players".
    var label: String {
        switch self {
        case .players: "Players"
        case .teams: "Teams"
        case .leagues: "Leagues"
        case .matches: "Matches"
        }
    }
}
