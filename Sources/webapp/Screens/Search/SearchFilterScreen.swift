import WebRouter

extension ScoresApp {
    /// The search filter, a medium sheet over the results (`/search/~filter?q=…`): kinds,
    /// league and order. Apply is a dismiss with a result: it closes the sheet and lands on
    /// `/search` with the filter in the Search screen's query (`/search?q=…&kind=teams`).
    ///
    /// ```swift
    /// SearchFilter(data: data).navigation().present(.sheet(detent: .medium))
    /// ```
    struct SearchFilter: ContentScreen {
        enum Action: String, ScreenAction { case apply }

        let title = "Filters"
        let data: DemoData

        /// The filter: kinds (none chosen means every kind), a league of the sample data, an order.
        struct Filter: Form {
            var kinds: Set<SearchKind> = []
            var league: Int?
            var sort = SearchOptions.Sort.relevance
            static let fields: [Field<Filter>] = [
                .choices("kind", \.kinds, label: "Look for") { $0.label },
                .choice("league", \.league, label: "League", emptyTitle: "All leagues",
                        options: { SampleData.shared.leagues.map(\.id) }) { SampleData.shared.league($0)?.name ?? "" },
                .choice("sort", \.sort, label: "Order") { $0 == .relevance ? "Best match first" : "By name" },
            ]
        }

        @HTMLBuilder
        func body(_ context: Void, router: Router<SearchFilter>) -> some HTML {
            // The search beneath, read from the request: a screen sees only its own typed query.
            let options = SearchOptions(query: router.request.query, data: data.sample)
            let shown = Filter(kinds: options.kinds, league: options.leagueID, sort: options.sort)
            router.form(.apply, shown, .class("form")) { fields in
                fields
                p {
                    button(.type("submit"), .class("button button-primary")) { "Show results" }
                    " "
                    a(.href(router.dismiss(updating: Search.self) { $0.reset() } ?? "/search"), .class("button")) { "Reset" }
                }
            }
        }

        func perform(_ action: Action, form: FormData, router: Router<SearchFilter>) async throws -> ActionResult {
            try await router.validate(Filter.self, form) { chosen in
                .move(to: router.dismiss(updating: Search.self) {
                    $0.kinds = chosen.kinds.isEmpty ? Set(SearchKind.allCases) : chosen.kinds
                    $0.league = chosen.league
                    $0.sort = chosen.sort
                } ?? "/search")
            }
        }
    }
}

extension ScoresApp.Search.Query {
    /// Back to every kind, every league, best match first; the text stays.
    mutating func reset() {
        let text = self.text
        self = Self()
        self.text = text
    }
}
