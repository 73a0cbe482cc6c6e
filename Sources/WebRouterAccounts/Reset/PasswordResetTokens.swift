import Foundation
public import WebRouter

/// Signed, expiring password-reset tokens that need no table: a token names the account, its
/// expiry, and a fingerprint of the account's current password hash, signed with the app's
/// secret. Setting a new password changes the hash, so a used token (or any older one) stops
/// working; an expired one never did.
///
/// ```swift
/// let tokens = PasswordResetTokens(secret: secret)
/// let token = tokens.issue(for: account, now: now)
/// tokens.username(in: token, now: now)                 // "ada" (then check the fingerprint: `isCurrent`)
/// ```
public struct PasswordResetTokens: Sendable {
    /// Seconds a token stays valid.
    public let lifetime: Int
    private let signer: MessageSigner

    /// Tokens signed with `secret`, valid for `lifetime` seconds (an hour by default).
    public init(secret: AppSecret, lifetime: Int = 60 * 60) {
        self.signer = MessageSigner(secret: secret, purpose: "webrouter-accounts.password-reset")
        self.lifetime = lifetime
    }

    /// A token for `account`, valid from `now` for ``lifetime`` seconds.
    public func issue(for account: Account, now: Int) -> String {
        let payload = [account.username, String(now + lifetime), Self.fingerprint(account.passwordHash)].joined(separator: "\n")
        return signer.sign(Array(payload.utf8))
    }

    /// The username a valid, unexpired `token` names, or `nil`.
    public func username(in token: String, now: Int) -> String? {
        parse(token, now: now)?.username
    }

    /// Whether `token` is valid at `now` for `account` as it is now (its password unchanged since).
    public func isCurrent(_ token: String, for account: Account, now: Int) -> Bool {
        guard let parsed = parse(token, now: now) else { return false }
        return parsed.username == account.username && parsed.fingerprint == Self.fingerprint(account.passwordHash)
    }

    private func parse(_ token: String, now: Int) -> (username: String, fingerprint: String)? {
        guard let bytes = signer.verify(token) else { return nil }
        let fields = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard fields.count == 3, let expiry = Int(fields[1]), now < expiry else { return nil }
        return (String(fields[0]), String(fields[2]))
    }

    /// A few bytes of the hash's digest: enough to tell a changed password, too few to help guess it.
    private static func fingerprint(_ hash: PasswordHash) -> String {
        Data(hash.digest.prefix(6)).base64EncodedString()
    }
}
