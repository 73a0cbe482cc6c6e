/// The user's search filter (the Search tab's filter modal): which kinds to search, an optional
/// league, and the order of results. Kept in the URL by the screens; raw values are URL values.
///
/// ```swift
/// var options = SearchOptions()              // everything, any league, by relevance
/// options.kinds = [.players]
/// options.leagueID = 2
/// options.sort = .name
/// let results = index.search("jose", options: options)
/// ```
struct SearchOptions: Sendable, Equatable {
    /// Result order.
    enum Sort: String, Sendable, Hashable, CaseIterable {
        /// Best match first: names starting with the query, then a word starting with it, then
        /// the query anywhere in the name.
        case relevance
        /// Alphabetical by (diacritic-folded) name.
        case name
    }

    /// Kinds to search; an empty set finds nothing.
    var kinds: Set<SearchKind>
    /// Only results of this league (players and matches through their team or tournament).
    var leagueID: Int?
    /// Result order.
    var sort: Sort

    /// Defaults: all kinds, all leagues, by relevance.
    init(kinds: Set<SearchKind> = Set(SearchKind.allCases), leagueID: Int? = nil, sort: Sort = .relevance) {
        self.kinds = kinds
        self.leagueID = leagueID
        self.sort = sort
    }
}
