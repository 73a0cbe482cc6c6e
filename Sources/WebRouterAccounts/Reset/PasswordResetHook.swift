public import Logging

/// How an app delivers a password-reset link to the person who owns an account: an e-mail, a
/// text message, a note to an administrator. ``Accounts/requestPasswordReset(username:link:request:)``
/// calls it with a signed link that works once, for a limited time; the app implements the
/// delivery. In development, ``LoggedPasswordReset`` writes the link to the log.
///
/// ```swift
/// struct MailedReset: PasswordResetHook {
///     func deliver(resetLink link: String, for account: Account, logger: Logger) async throws {
///         try await mailer.send(to: addressBook[account.username], subject: "Your reset link", body: link)
///     }
/// }
/// ```
public protocol PasswordResetHook: Sendable {
    /// Sends `link` to whoever owns `account`. A throw is logged; the visitor is told the same
    /// as for an unknown name, so the form never says which accounts exist.
    func deliver(resetLink link: String, for account: Account, logger: Logger) async throws
}

/// The development ``PasswordResetHook``: writes the reset link to the log (at `notice`), so a
/// developer can follow it without a mail server. Never for production: whoever reads the
/// log can reset any password.
///
/// ```swift
/// let accounts = Accounts(store: store, secret: secret, passwordReset: LoggedPasswordReset())
/// // notice webrouter.app: request-id=… password reset link for ada: /reset-password?token=…
/// ```
public struct LoggedPasswordReset: PasswordResetHook {
    /// A hook that logs.
    public init() {}

    /// Writes `link` to `logger`.
    public func deliver(resetLink link: String, for account: Account, logger: Logger) async throws {
        logger.notice("password reset link for \(account.username): \(link)")
    }
}
