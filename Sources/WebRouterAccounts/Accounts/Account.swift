/// One person's account as ``AccountStore`` keeps it: what every app needs to sign someone in,
/// nothing the app shows of them. An app's own fields (a display name, a favourite team, a bio)
/// live in the app's own table, keyed by ``username``.
///
/// ```swift
/// if let account = try await store.authenticate(username: "ada", password: "correct horse") {
///     print(account.username, account.createdAt)   // "ada" 1800000000
/// }
/// ```
public struct Account: Sendable, Equatable {
    /// The sign-in name, normalised (``AccountRules/normalizedUsername(_:)``): the key of the
    /// account in the store and in the session.
    public let username: String
    /// The PBKDF2 hash of the password, with its salt and iteration count (never the password).
    public var passwordHash: PasswordHash
    /// When the account was created, in Unix seconds.
    public var createdAt: Int
    /// When the password was last set, in Unix seconds (``createdAt`` until it is changed).
    public var passwordChangedAt: Int

    /// An account with the given fields (a storage reading a row makes one).
    public init(username: String, passwordHash: PasswordHash, createdAt: Int, passwordChangedAt: Int) {
        self.username = username
        self.passwordHash = passwordHash
        self.createdAt = createdAt
        self.passwordChangedAt = passwordChangedAt
    }
}
