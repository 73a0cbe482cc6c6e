import WebRouterAccounts

extension AccountField {
    /// The profile's display name.
    static let displayName = AccountField("display_name")
    /// The profile's favourite team.
    static let favouriteTeam = AccountField("favourite_team")
    /// The profile's bio.
    static let bio = AccountField("bio")
}
