import WebRouter

extension SearchOptions {
    /// The filter as the request's query (`kind=players&kind=teams&league=2&sort=name`) or
    /// the filter form sends it; values that are not valid are ignored, no kind at all means
    /// every kind.
    ///
    /// ```swift
    /// let options = SearchOptions(query: router.request.query, data: data.sample)
    /// ```
    init(query: QueryItems, data: SampleData) {
        self.init(kinds: query.values(for: "kind"), league: query["league"], sort: query["sort"], data: data)
    }

    /// The filter a submitted filter form asks for.
    ///
    /// ```swift
    /// let chosen = SearchOptions(form: form, data: data.sample)
    /// ```
    init(form: FormData, data: SampleData) {
        self.init(kinds: form.values(for: "kind"), league: form["league"], sort: form["sort"], data: data)
    }

    private init(kinds rawKinds: [String], league rawLeague: String?, sort rawSort: String?, data: SampleData) {
        let kinds = Set(rawKinds.compactMap(SearchKind.init(rawValue:)))
        self.init(kinds: kinds.isEmpty ? Set(SearchKind.allCases) : kinds,
                  leagueID: rawLeague.flatMap { Int($0) }.flatMap { data.league($0)?.id },
                  sort: rawSort.flatMap(Sort.init(rawValue:)) ?? .relevance)
    }
}
