public import WebRouter

/// The throttles of the account forms, one per action, shared by every request: each counts
/// by address and (but registration) by account, and past a few attempts refuses further ones
/// for growing delays, answered `429 Too Many Requests` with `Retry-After` before any password
/// is hashed. Keys are normalised usernames (`AttemptThrottle/Key/account(_:)`), so a padded
/// or re-cased name shares the real one's lock.
///
/// ```swift
/// let throttles = AccountThrottles()
/// throttles.signIn.freeAttemptsPerAccount     // 5
/// throttles.registration.freeAttemptsPerClient   // 10 accounts an hour from one address, then delays
/// ```
public struct AccountThrottles: Sendable {
    /// Wrong passwords at sign-in, by account and by address.
    public let signIn: AttemptThrottle
    /// Failed password changes (a wrong current password costs a hash), by account and by address.
    public let passwordChange: AttemptThrottle
    /// Registrations by address: every one counts, made or not.
    public let registration: AttemptThrottle
    /// Failed account deletions (a wrong password), by account and by address.
    public let deletion: AttemptThrottle
    /// Password-reset requests, by account and by address: every one counts (each may send a message).
    public let passwordReset: AttemptThrottle

    /// Throttles with the given limits; by default sign-in, password change and deletion allow
    /// 5 failures per account and 20 per address, registration 10 per address, reset requests
    /// 3 per account and 10 per address, then delays from 1 s doubling up to 15 minutes.
    public init(signIn: AttemptThrottle = AttemptThrottle(),
                passwordChange: AttemptThrottle = AttemptThrottle(),
                registration: AttemptThrottle = AttemptThrottle(freeAttemptsPerAccount: 0, freeAttemptsPerClient: 10),
                deletion: AttemptThrottle = AttemptThrottle(),
                passwordReset: AttemptThrottle = AttemptThrottle(freeAttemptsPerAccount: 3, freeAttemptsPerClient: 10)) {
        self.signIn = signIn
        self.passwordChange = passwordChange
        self.registration = registration
        self.deletion = deletion
        self.passwordReset = passwordReset
    }

    /// Throttles that never refuse (only to measure what they save; never in production).
    public static var unlimited: AccountThrottles {
        let free = Int(Int32.max)
        let never = { AttemptThrottle(freeAttemptsPerAccount: free, freeAttemptsPerClient: free) }
        return AccountThrottles(signIn: never(), passwordChange: never(), registration: never(),
                                deletion: never(), passwordReset: never())
    }

    /// What the registration form says when its throttle refuses.
    public static func registrationMessage(retryAfter seconds: Int) -> String {
        let sentence = AttemptThrottle.message(retryAfter: seconds)
        let wait = sentence.hasPrefix("Too many failed attempts. ") ? String(sentence.dropFirst(26)) : sentence
        return "Too many accounts were created from your address. " + wait
    }
}
