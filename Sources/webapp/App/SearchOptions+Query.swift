import WebRouter

extension SearchOptions {
    /// The filter kept in a URL query (`kind=players&kind=teams&league=2&sort=name`); values
    /// that are not valid are ignored, no kind at all means every kind.
    ///
    /// ```swift
    /// let options = SearchOptions(query: router.request.query, data: data.sample)
    /// ```
    init(query: QueryItems, data: SampleData) {
        let kinds = Set(query.values(for: "kind").compactMap(SearchKind.init(rawValue:)))
        let league = query["league"].flatMap(Int.init).flatMap { data.league($0) != nil ? $0 : nil }
        self.init(kinds: kinds.isEmpty ? Set(SearchKind.allCases) : kinds,
                  leagueID: league,
                  sort: query["sort"].flatMap(Sort.init(rawValue:)) ?? .relevance)
    }

    /// The query pairs that describe this filter (nothing for the defaults).
    var queryPairs: [(String, String)] {
        var pairs: [(String, String)] = []
        if kinds != Set(SearchKind.allCases) {
            for kind in SearchKind.allCases where kinds.contains(kind) { pairs.append(("kind", kind.rawValue)) }
        }
        if let leagueID { pairs.append(("league", String(leagueID))) }
        if sort != .relevance { pairs.append(("sort", sort.rawValue)) }
        return pairs
    }
}
