/// A user of the demo app, as kept by `AccountStore`.
///
/// ```swift
/// if let account = try await store.authenticate(username: "demo", password: "demo") {
///     print(account.displayName, account.favouriteTeamID ?? 0)   // "Demo User 3"
/// }
/// ```
struct Account: Sendable, Equatable {
    /// Unique sign-in name: 3–20 of `a-z 0-9 _ . -`.
    let username: String
    /// Name shown in the app, 1–40 characters.
    var displayName: String
    /// PBKDF2 hash of the password, with its salt and iteration count (never the password itself).
    var passwordHash: PasswordHash
    /// The team the user follows, if any.
    var favouriteTeamID: Int?
    /// A short self-description, up to 200 characters.
    var bio: String
}
