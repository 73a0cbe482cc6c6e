import CGnuTLS

/// A salted, iterated SHA-256 password hash for the in-memory demo account store.
///
/// Demo only: a random 16-byte salt per account and 1,000 rounds of SHA-256 keep passwords out
/// of memory dumps and logs, but this is not a production password hash (use a memory-hard
/// function such as Argon2 or scrypt with a real user database). Its description never shows
/// the digest.
///
/// ```swift
/// let hash = PasswordHash(password: "demo")
/// hash.verifies("demo")    // true
/// hash.verifies("Demo")    // false
/// ```
struct PasswordHash: Sendable, Equatable, CustomStringConvertible {
    /// Rounds of SHA-256.
    static let rounds = 1_000

    /// Random per-account salt.
    let salt: [UInt8]
    /// The derived digest.
    let digest: [UInt8]

    /// Hashes `password` with a fresh random salt.
    init(password: String) {
        var generator = SystemRandomNumberGenerator()
        var salt: [UInt8] = []
        for _ in 0..<2 {
            let word = generator.next()
            for shift in stride(from: 0, to: 64, by: 8) { salt.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        self.init(password: password, salt: salt)
    }

    /// Hashes `password` with the given salt (for verification and tests).
    init(password: String, salt: [UInt8]) {
        self.salt = salt
        self.digest = Self.derive(password: password, salt: salt)
    }

    /// `true` when `password` hashes to this digest (compared without early exit).
    func verifies(_ password: String) -> Bool {
        let candidate = Self.derive(password: password, salt: salt)
        guard candidate.count == digest.count else { return false }
        var difference: UInt8 = 0
        for index in digest.indices { difference |= digest[index] ^ candidate[index] }
        return difference == 0
    }

    var description: String { "PasswordHash(sha256×\(Self.rounds), salted)" }

    private static func derive(password: String, salt: [UInt8]) -> [UInt8] {
        let secret = salt + Array(password.utf8)
        var state = sha256(secret)
        for _ in 1..<rounds { state = sha256(state + secret) }
        return state
    }

    private static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 32) { output, count in
            let status = bytes.withUnsafeBytes { gnutls_hash_fast(GNUTLS_DIG_SHA256, $0.baseAddress, $0.count, output.baseAddress) }
            precondition(status == GNUTLS_E_SUCCESS, "GnuTLS SHA-256 failed (error \(status))")
            count = 32
        }
    }
}
