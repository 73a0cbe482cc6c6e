import WebRouter

extension ScoresApp {
    /// The Search tab (`/search?q=rovers`): a GET form and the results by kind, each opening
    /// a sheet (`/search/~team/3?q=rovers`). The search is the screen's typed ``Query``, so
    /// every link from here keeps it and closing a sheet returns to the same results.
    ///
    /// ```swift
    /// Search(data: data, filter: …, user: Present(Navigation(Player(…))), team: …, league: …, match: …)
    /// ```
    struct Search: ContentScreen {
        let title = "Search"
        let tabIcon: String? = "🔍"
        let data: DemoData
        var filter: AnyScreenTransition<Search, SearchFilter>
        var user: Present<Search, Navigation<Player>>
        var team: AnyScreenTransition<Search, Team>
        var league: Present<Search, Navigation<League>>
        var match: Present<Search, Navigation<Match>>

        init<Filter: Transition, TeamMove: Transition>(
            data: DemoData, filter: Filter, user: Present<Search, Navigation<Player>>, team: TeamMove,
            league: Present<Search, Navigation<League>>, match: Present<Search, Navigation<Match>>
        ) where Filter.From == Search, Filter.To.NestedScreen == SearchFilter,
                TeamMove.From == Search, TeamMove.To.NestedScreen == Team {
            self.data = data
            self.filter = AnyScreenTransition(filter)
            self.user = user
            self.team = AnyScreenTransition(team)
            self.league = league
            self.match = match
        }

        @HTMLBuilder
        func body(_ context: Void, router: Router<Search>) -> some HTML {
            let search = router.query
            let query = search.text ?? ""
            let options = search.options(in: data.sample)
            let results = data.search.search(query, options: options, limit: 20)
            h1 { "Search" }
            form(.method(.get), .action(router.url(query: Query())), .class("form"), .role("search")) {
                div(.class("field")) {
                    label(.for("field-q")) { "Players, teams, leagues, matches" }
                    input(.type("search"), .name(Query.Name.text), .id("field-q"), .value(query), .placeholder("e.g. Rovers"))
                }
                for field in search.filterFields { input(.type("hidden"), .name(field.name), .value(field.value)) }
                p {
                    button(.type("submit"), .class("button button-primary")) { "Search" }
                    " "
                    a(.href(router.link(\.filter)), .class("button")) {
                        options == SearchOptions() ? "Filters" : "Filters (on)"
                    }
                }
            }
            if query.isEmpty {
                p(.class("muted")) { "Type a name to search six leagues." }
            } else if results.isEmpty {
                p { "Nothing found for “" + query + "”." }
            } else {
                p(.class("muted")) { "\(results.total) results" }
                if !results.players.items.isEmpty {
                    h2 { "Players" }
                    ul(.class("list")) {
                        for player in results.players.items {
                            li(.class("list-item")) {
                                a(.href(router.link(\.user, player.id))) {
                                    span { player.name }
                                    small(.class("muted")) { data.words.teamName(player.teamID) }
                                }
                            }
                        }
                    }
                }
                if !results.teams.items.isEmpty {
                    h2 { "Teams" }
                    ul(.class("list")) {
                        for team in results.teams.items {
                            li(.class("list-item")) {
                                a(.href(router.link(\.team, team.id))) {
                                    span { team.name }
                                    small(.class("muted")) { team.city }
                                }
                            }
                        }
                    }
                }
                if !results.leagues.items.isEmpty {
                    h2 { "Leagues" }
                    ul(.class("list")) {
                        for league in results.leagues.items {
                            li(.class("list-item")) { a(.href(router.link(\.league, league.id))) { league.name } }
                        }
                    }
                }
                if !results.matches.items.isEmpty {
                    h2 { "Matches" }
                    ul(.class("list")) {
                        for match in results.matches.items {
                            MatchItem(match: match, words: data.words, href: router.link(\.match, match.id))
                        }
                    }
                }
            }
        }
    }
}
