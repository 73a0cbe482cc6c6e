/// The app's record of which sessions are still active, so a session can end on the server:
/// signing out ends that session wherever its cookie was copied, and a password change can
/// end every other session of the account.
///
/// The session itself stays a signed cookie (``Session``); the registry only answers whether
/// the session it names by ``Session/id`` is still active. Set it as
/// ``ApplicationConfiguration/sessionRegistry``: the application asks it at most once per
/// request, and only for a request whose cookie holds a non-empty session. A session it
/// answers `false` for is treated as no session at all (the window's signed-out case), and
/// its cookie is cleared; when it throws (the store is down), the request is treated as
/// signed out too, and the error is logged, but the cookie is kept.
///
/// ```swift
/// struct AccountSessions: SessionRegistry {
///     let accounts: AccountStore
///
///     func isActive(_ session: Session) async throws -> Bool {
///         guard let user = session["user"] else { return true }   // a visitor's session: nothing to end
///         guard let id = session.id else { return false }         // signed in without an id: refuse
///         return try await accounts.isSessionActive(id: id, username: user)
///     }
/// }
///
/// var configuration = ApplicationConfiguration(appName: "Scores")
/// configuration.sessionRegistry = AccountSessions(accounts: accounts)
/// ```
/// Sign-in stores the id the store issued (`$0.id = try await accounts.startSession(…)`),
/// sign-out ends it in the store before clearing the session, and a password change ends the
/// account's other sessions.
public protocol SessionRegistry: Sendable {
    /// Whether `session` (its signature and age already checked) is still active.
    func isActive(_ session: Session) async throws -> Bool
}
