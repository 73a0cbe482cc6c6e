import WebRouter

extension ScoresApp {
    /// The Dashboard tab (`/dashboard`): the signed-in user's profile, the team, league and
    /// players they follow (`/dashboard/team/3`, `/dashboard/league/1`, `/dashboard/user/7`),
    /// and "Edit profile", a three-step flow in a sheet (`/dashboard/~edit/name`).
    ///
    /// ```swift
    /// Dashboard(data: data, edit: Flow(base: UserEdit(data: data)).present(), entities: (user: …, team: …, league: …))
    /// ```
    struct Dashboard: ContentScreen {
        let title = "Dashboard"
        let tabIcon: String? = "👤"
        let data: DemoData
        var edit: Present<Dashboard, Flow<UserEdit>>
        var entities: (
            user: Push<Dashboard, Player>,
            team: Push<Dashboard, Team>,
            league: Push<Dashboard, League>
        )

        @HTMLBuilder
        func body(_ context: Void, router: Router<Dashboard>) async throws -> some HTML {
            let username = router.request.signedInUser ?? ""
            let account = try await data.profiles.profileForPage(named: username)
            let team = account?.favouriteTeamID.flatMap(data.sample.team)
            div(.class("card")) {
                h1 { account?.displayName ?? username }
                p(.class("muted")) { "@" + username }
                if let bio = account?.bio, !bio.isEmpty { p { bio } }
                if account == nil {
                    p(.class("form-errors")) { "This account no longer exists. Sign out and register again." }
                }
                p { a(.href(router.link(\.edit, .name)), .class("button button-primary")) { "Edit profile" } }
            }
            h2 { "Following" }
            if let team {
                ul(.class("list")) {
                    li(.class("list-item")) {
                        a(.href(router.link(\.entities.team, team.id))) {
                            TeamCrest(colour: team.colour)
                            span { team.name }
                            small(.class("muted")) { "Favourite team" }
                        }
                    }
                    if let league = data.sample.league(team.leagueID) {
                        li(.class("list-item")) {
                            a(.href(router.link(\.entities.league, league.id))) {
                                span { league.name }
                                small(.class("muted")) { league.country }
                            }
                        }
                    }
                }
                h2 { "Players to watch" }
                ul(.class("list")) {
                    for player in data.topScorers(ofTeam: team.id, limit: 3) {
                        li(.class("list-item")) {
                            a(.href(router.link(\.entities.user, player.id))) {
                                span { player.name }
                                small(.class("muted")) { "\(player.goals) goals · \(player.assists) assists" }
                            }
                        }
                    }
                }
                h2 { "Next for " + team.name }
                ul(.class("list")) {
                    for match in data.sample.upcomingMatches(limit: 3, teamID: team.id) {
                        MatchItem(match: match, words: data.words, href: router.matchPage(match.id))
                    }
                }
            } else {
                p(.class("muted")) { "You follow no team yet. Choose one in " ; a(.href(router.link(\.edit, .team))) { "Edit profile" }; "." }
                h2 { "Leagues" }
                ul(.class("list")) {
                    for league in data.sample.leagues {
                        li(.class("list-item")) { a(.href(router.link(\.entities.league, league.id))) { league.name } }
                    }
                }
            }
        }
    }
}
