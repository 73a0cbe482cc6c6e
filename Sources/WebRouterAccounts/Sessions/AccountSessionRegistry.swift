public import WebRouter

/// The `SessionRegistry` of an app with accounts: a signed-in session is valid while the
/// account store still holds its id (sign-out, a password change and deleting the account
/// delete it); a visitor's session (no user) has nothing to end. Set it as the configuration's
/// `sessionRegistry` (``Accounts/sessionRegistry`` makes one).
///
/// ```swift
/// configuration.sessionRegistry = AccountSessionRegistry(store: store, userKey: "user")
/// ```
public struct AccountSessionRegistry: SessionRegistry {
    /// The store whose sessions count.
    public let store: AccountStore
    /// The session key holding the signed-in username.
    public let userKey: String

    /// A registry over `store`, reading the user from the session's `userKey`.
    public init(store: AccountStore, userKey: String = Accounts.defaultUserKey) {
        self.store = store
        self.userKey = userKey
    }

    /// Whether `session` is still active: a visitor's always is; a signed-in one while the store holds its id.
    public func isActive(_ session: Session) async throws -> Bool {
        guard let user = session[userKey] else { return true }
        guard let id = session.id else { return false }   // signed in without an id: refuse
        return try await store.isSessionActive(id: id, username: user)
    }
}
