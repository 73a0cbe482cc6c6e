/// What the demo keeps of a person beside their account (`WebRouterAccounts.Account`): the
/// name it shows, the team they follow, a bio. One row per account in the demo's `profile`
/// table, deleted with the account.
///
/// ```swift
/// let profile = try await data.profiles.profile(named: "demo")
/// profile?.displayName   // "Demo User"
/// ```
struct Profile: Sendable, Equatable {
    /// The account's (normalised) username.
    let username: String
    /// Name shown in the app, 1–40 characters.
    var displayName: String
    /// The team the user follows, if any.
    var favouriteTeamID: Int?
    /// A short self-description, up to 200 characters.
    var bio: String
}
