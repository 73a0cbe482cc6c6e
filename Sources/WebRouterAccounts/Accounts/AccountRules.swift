import WebRouter

/// What an acceptable username and password are, and the one form a username takes before any
/// lookup, lock or count (``normalizedUsername(_:)``).
///
/// The case policy: usernames are case-insensitive. What is typed is trimmed of white space,
/// composed (Unicode NFC) and put in lower case once, at the edge, so `"Ada "`, `"ADA"` and
/// `"ada"` are one account, one throttle key and one session user.
///
/// ```swift
/// var rules = AccountRules()
/// rules.minimumPasswordLength = 12
/// AccountRules.normalizedUsername(" Ada ")     // "ada"
/// rules.usernameProblem("a")                   // "Use 3–20 characters: a–z, 0–9, _ . -"
/// ```
public struct AccountRules: Sendable {
    /// How many characters a username has.
    public var usernameLengths: ClosedRange<Int>
    /// The fewest characters of a password.
    public var minimumPasswordLength: Int
    /// The most characters of a password (PBKDF2 hashes any length; this bounds the work).
    public var maximumPasswordLength: Int

    /// Rules with the given limits: by default usernames of 3–20 characters of `a–z 0–9 _ . -`
    /// and passwords of 8–1024 characters.
    public init(usernameLengths: ClosedRange<Int> = 3...20, minimumPasswordLength: Int = 8,
                maximumPasswordLength: Int = 1024) {
        self.usernameLengths = usernameLengths
        self.minimumPasswordLength = minimumPasswordLength
        self.maximumPasswordLength = maximumPasswordLength
    }

    /// The username as every lookup, lock and count uses it: trimmed, NFC, lower case (the
    /// same as `AttemptThrottle/Key/normalizedName(_:)`).
    public static func normalizedUsername(_ typed: String) -> String {
        AttemptThrottle.Key.normalizedName(typed)
    }

    /// The sentence shown for a username that breaks the rules.
    public var usernameRule: String {
        "Use \(usernameLengths.lowerBound)–\(usernameLengths.upperBound) characters: a–z, 0–9, _ . -"
    }

    /// Why the (normalised) `username` is not acceptable, or `nil`.
    public func usernameProblem(_ username: String) -> String? {
        if username.isEmpty { return "Enter a username." }
        let allowed = username.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
        }
        guard allowed, usernameLengths.contains(username.utf8.count) else { return usernameRule }
        return nil
    }

    /// Why `password` is not acceptable, or `nil`.
    public func passwordProblem(_ password: String) -> String? {
        if password.count < minimumPasswordLength { return "Use at least \(minimumPasswordLength) characters." }
        if password.count > maximumPasswordLength { return "Use at most \(maximumPasswordLength) characters." }
        return nil
    }
}
