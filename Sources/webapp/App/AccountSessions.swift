import WebRouter

/// The demo's `SessionRegistry`: a signed-in session is valid while the accounts database
/// still holds its id (sign-out and a password change delete it); a visitor's session (no
/// user) has nothing to end.
///
/// ```swift
/// configuration.sessionRegistry = AccountSessions(accounts: data.accounts)
/// ```
struct AccountSessions: SessionRegistry {
    let accounts: AccountStore

    func isActive(_ session: Session) async throws -> Bool {
        guard let user = session[RequestContext.userKey] else { return true }
        guard let id = session.id else { return false }   // signed in before sessions had ids
        return try await accounts.isSessionActive(id: id, username: user)
    }
}
