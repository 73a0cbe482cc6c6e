import WebRouter

extension ScoresApp.Search {
    /// The search as typed query state (`/search?q=kings&kind=teams&league=2&sort=name`):
    /// the text and the filter, defaults left out of the URL. Sheets opened from the results
    /// keep it (`/search/~team/3?q=kings`), so closing them returns to the same results.
    ///
    /// ```swift
    /// router.query.text                                                   // "kings"
    /// router.dismiss(updating: Search.self) { $0.kinds = [.teams] }       // from the filter
    /// ```
    struct Query: ScreenQuery {
        /// The parameter names, shared by the query fields and the search form.
        enum Name {
            static let text = "q", kind = "kind", league = "league", sort = "sort"
        }

        /// The searched text; `nil` before a search.
        var text: String? = nil
        /// The kinds searched: every kind unless narrowed.
        var kinds: Set<SearchKind> = Set(SearchKind.allCases)
        /// Only results of this league.
        var league: Int? = nil
        /// The result order.
        var sort: SearchOptions.Sort = .relevance

        static let fields: [QueryField<Query>] = [
            .init(Name.text, \.text), .init(Name.kind, \.kinds), .init(Name.league, \.league), .init(Name.sort, \.sort),
        ]

        /// The filter part, for the search index; a league the data does not have is ignored,
        /// and no kind at all means every kind.
        func options(in data: SampleData) -> SearchOptions {
            SearchOptions(kinds: kinds.isEmpty ? Set(SearchKind.allCases) : kinds,
                          leagueID: league.flatMap { data.league($0)?.id },
                          sort: sort)
        }

        /// The filter as the hidden fields of the search form, which only sends the text.
        var filterFields: [(name: String, value: String)] {
            var fields: [(name: String, value: String)] = []
            if kinds != Query().kinds {
                fields += kinds.sorted().map { (Name.kind, $0.rawValue) }
            }
            if let league { fields.append((Name.league, String(league))) }
            if sort != .relevance { fields.append((Name.sort, sort.rawValue)) }
            return fields
        }
    }
}
