/// Everything one search found, per kind (empty for kinds not searched).
///
/// ```swift
/// let results = index.search("rovers", options: SearchOptions())
/// if results.isEmpty { print("Nothing found") }
/// for team in results.teams.items { print(team.name) }
/// ```
struct SearchResults: Sendable {
    /// The query as typed.
    let query: String
    /// Matching players.
    let players: SearchHits<Player>
    /// Matching teams.
    let teams: SearchHits<Team>
    /// Matching leagues.
    let leagues: SearchHits<League>
    /// Matches whose home or away team matches.
    let matches: SearchHits<Match>

    /// Results of nothing.
    static func none(query: String) -> SearchResults {
        SearchResults(query: query, players: .none, teams: .none, leagues: .none, matches: .none)
    }

    /// Number of matching items over all kinds (before limits).
    var total: Int { players.total + teams.total + leagues.total + matches.total }

    /// `true` when nothing matched.
    var isEmpty: Bool { total == 0 }
}
