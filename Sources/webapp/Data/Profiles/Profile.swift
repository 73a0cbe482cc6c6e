import WebRouterStore

/// What the demo keeps of a person beside their account (`WebRouterAccounts.Account`): the
/// name it shows, the team they follow, a bio. A record of WebRouterStore (table `profiles`,
/// one per account, keyed by the username), so the same code keeps it in an SQLite file or on
/// PostgreSQL; deleted with the account (`DeleteAccountScreen`'s `onDelete`).
///
/// ```swift
/// let profile = try await data.profiles.profile(named: "demo")
/// profile?.displayName   // "Demo User"
/// ```
struct Profile: StoredRecord, Equatable {
    static let table = "profiles"

    /// The account's (normalised) username.
    var id: String
    /// Name shown in the app, 1–40 characters.
    var displayName: String
    /// The team the user follows, if any.
    var favouriteTeamID: Int?
    /// A short self-description, up to 200 characters.
    var bio: String

    /// The account's (normalised) username: the record's id.
    var username: String { id }

    /// The profile of `username`.
    init(username: String, displayName: String, favouriteTeamID: Int?, bio: String) {
        self.id = username
        self.displayName = displayName
        self.favouriteTeamID = favouriteTeamID
        self.bio = bio
    }

    /// The columns' names, as the demo's first profile table had them.
    enum CodingKeys: String, CodingKey {
        case id
        case displayName = "display_name"
        case favouriteTeamID = "favourite_team_id"
        case bio
    }
}
