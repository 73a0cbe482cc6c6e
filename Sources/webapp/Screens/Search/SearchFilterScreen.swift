import WebRouter

extension ScoresApp {
    /// The search filter sheet (`/search/~filter?q=…`): kinds, league and order, sent back to
    /// `/search` as a GET form so the whole search stays in the URL.
    ///
    /// ```swift
    /// SearchFilter(data: data).navigation().present()
    /// ```
    struct SearchFilter: ContentScreen {
        let title = "Filters"
        let data: DemoData

        @HTMLBuilder
        func body(_ context: Void, router: Router<SearchFilter>) -> some HTML {
            let options = SearchOptions(query: router.request.query, data: data.sample)
            let searchURL = router.dismiss ?? "/search"
            form(.method(.get), .action(searchURL), .class("form")) {
                input(.type("hidden"), .name("q"), .value(router.request.query["q"] ?? ""))
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
                    a(.href(QueryURL.make(searchURL, [("q", router.request.query["q"] ?? "")])), .class("button")) { "Reset" }
                }
            }
        }
    }
}
