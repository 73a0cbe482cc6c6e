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

        @HTMLBuilder
        func body(_ context: Void, router: Router<SearchFilter>) -> some HTML {
            // The search beneath, read from the request: a screen sees only its own typed query.
            let options = SearchOptions(query: router.request.query, data: data.sample)
            router.form(.apply, .class("form")) {
                fieldset(.class("field")) {
                    legend { "Look for" }
                    for kind in SearchKind.allCases {
                        label {
                            input(options.kinds.contains(kind)
                                ? [.type("checkbox"), .name("kind"), .value(kind.rawValue), .checked]
                                : [.type("checkbox"), .name("kind"), .value(kind.rawValue)])
                            " " + kind.label
                        }
                    }
                }
                div(.class("field")) {
                    label(.for("field-league")) { "League" }
                    select(.id("field-league"), .name("league")) {
                        option(options.leagueID == nil ? [.value(""), .selected] : [.value("")]) { "All leagues" }
                        for league in data.sample.leagues {
                            option(options.leagueID == league.id ? [.value(String(league.id)), .selected] : [.value(String(league.id))]) {
                                league.name
                            }
                        }
                    }
                }
                div(.class("field")) {
                    label(.for("field-sort")) { "Order" }
                    select(.id("field-sort"), .name("sort")) {
                        option(options.sort == .relevance ? [.value("relevance"), .selected] : [.value("relevance")]) { "Best match first" }
                        option(options.sort == .name ? [.value("name"), .selected] : [.value("name")]) { "By name" }
                    }
                }
                p {
                    button(.type("submit"), .class("button button-primary")) { "Show results" }
                    " "
                    a(.href(router.dismiss(updating: Search.self) { $0.reset() } ?? "/search"), .class("button")) { "Reset" }
                }
            }
        }

        func perform(_ action: Action, form: FormData, router: Router<SearchFilter>) async throws -> ActionResult {
            let chosen = SearchOptions(form: form, data: data.sample)
            return .move(to: router.dismiss(updating: Search.self) {
                $0.kinds = chosen.kinds
                $0.league = chosen.leagueID
                $0.sort = chosen.sort
            } ?? "/search")
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
