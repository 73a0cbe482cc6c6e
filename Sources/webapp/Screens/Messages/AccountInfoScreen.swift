import WebRouter

extension ScoresApp {
    /// The signed-in account (`/messages/~settings/account`): username, name, team, bio.
    ///
    /// ```swift
    /// Push(AccountInfo(data: data))
    /// ```
    struct AccountInfo: ContentScreen {
        let title = "Account"
        let data: DemoData

        @HTMLBuilder
        func body(_ context: Void, router: Router<AccountInfo>) async throws -> some HTML {
            let username = router.request.signedInUser ?? ""
            let account = try await data.profiles.profileForPage(named: username)
            h1 { "Account" }
            table(.class("table")) {
                tbody {
                    tr { th(.scope("row")) { "Username" }; td { username } }
                    tr { th(.scope("row")) { "Display name" }; td { account?.displayName ?? "—" } }
                    tr { th(.scope("row")) { "Favourite team" }; td { account?.favouriteTeamID.map(data.words.teamName) ?? "None" } }
                }
            }
            if let bio = account?.bio, !bio.isEmpty { p(.class("muted")) { bio } }
            p(.class("muted")) { "Accounts are kept in the server's database: they survive restarts and are shared by its instances." }
        }
    }
}
