import CGnuTLS
import Foundation
public import WebRouter

/// A password hashed with PBKDF2-HMAC-SHA256 (GnuTLS's `gnutls_pbkdf2`), stored with its
/// parameters as `pbkdf2-sha256$<iterations>$<salt>$<hash>` (salt and hash in base64), so a
/// later, higher iteration count does not invalidate the hashes already stored.
///
/// 210,000 iterations (OWASP's figure for PBKDF2-HMAC-SHA256) take 30–40 ms of CPU:
/// `make(password:on:)` and `matches(_:on:)` run them on a `BoundedWorkPool` (by default
/// half the cores, a bounded queue), so a flood of sign-ins takes at most that share of the
/// CPU and is refused beyond the queue. Its description never shows the salt or the digest.
///
/// ```swift
/// let hash = try await PasswordHash.make(password: "demo", on: pool)
/// hash.encoded                        // "pbkdf2-sha256$210000$…$…"
/// try await hash.matches("demo", on: pool)      // true
/// PasswordHash(encoded: hash.encoded) == hash   // true
/// ```
public struct PasswordHash: Sendable, Equatable, CustomStringConvertible {
    /// The algorithm's name, the first field of `encoded`.
    public static let algorithm = "pbkdf2-sha256"
    /// The iteration count of new hashes.
    public static let defaultIterations = 210_000
    /// The most iterations a stored hash may ask for (a corrupt row cannot stall the server).
    public static let maximumIterations = 10_000_000
    /// Random bytes of salt per hash.
    public static let saltByteCount = 16
    /// Bytes of derived key kept.
    public static let digestByteCount = 32

    /// PBKDF2 rounds.
    public let iterations: Int
    /// Random per-hash salt.
    public let salt: [UInt8]
    /// The derived key.
    public let digest: [UInt8]

    /// Hashes `password` with a fresh random salt, on the calling thread.
    public init(password: String, iterations: Int = defaultIterations) {
        self.init(password: password, salt: Self.randomSalt(), iterations: iterations)
    }

    /// Hashes `password` with the given salt (for verification and tests), on the calling thread.
    public init(password: String, salt: [UInt8], iterations: Int = defaultIterations) {
        precondition((1...Self.maximumIterations).contains(iterations), "PBKDF2 iterations out of range: \(iterations)")
        self.iterations = iterations
        self.salt = salt
        self.digest = Self.derive(password: password, salt: salt, iterations: iterations)
    }

    /// A hash read back from `encoded`; `nil` for anything malformed (wrong algorithm, an
    /// iteration count out of range, bad base64, a wrong length).
    public init?(encoded: String) {
        // Split over the UTF-8 bytes, not Characters: every account read parses its hash, and
        // splitting by Character cost ~38,000 instructions of a page's ~45,000 here.
        let fields = encoded.utf8.split(separator: UInt8(ascii: "$"), omittingEmptySubsequences: false)
        guard fields.count == 4, fields[0].elementsEqual(Self.algorithm.utf8),
              let iterations = Int(Substring(fields[1])), (1...Self.maximumIterations).contains(iterations),
              let salt = Data(base64Encoded: String(Substring(fields[2]))), !salt.isEmpty,
              let digest = Data(base64Encoded: String(Substring(fields[3]))), digest.count == Self.digestByteCount
        else { return nil }
        self.iterations = iterations
        self.salt = Array(salt)
        self.digest = Array(digest)
    }

    /// The stored form: `pbkdf2-sha256$<iterations>$<base64 salt>$<base64 digest>`.
    public var encoded: String {
        "\(Self.algorithm)$\(iterations)$\(Data(salt).base64EncodedString())$\(Data(digest).base64EncodedString())"
    }

    /// `true` when `password` derives this digest (compared in constant time), on the calling thread.
    public func verifies(_ password: String) -> Bool {
        let candidate = Self.derive(password: password, salt: salt, iterations: iterations)
        return candidate.withUnsafeBytes { candidate in
            digest.withUnsafeBytes { digest in
                candidate.count == digest.count && gnutls_memcmp(candidate.baseAddress, digest.baseAddress, digest.count) == 0
            }
        }
    }

    /// Hashes `password` with a fresh salt on one of `pool`'s threads, so the server's threads keep serving.
    ///
    /// - Throws: `BoundedWorkPool.Full` when the pool's queue is full.
    public static func make(password: String, iterations: Int = defaultIterations,
                     on pool: BoundedWorkPool) async throws(BoundedWorkPool.Full) -> PasswordHash {
        try await pool.run { PasswordHash(password: password, iterations: iterations) }
    }

    /// `verifies(password)`, on one of `pool`'s threads.
    ///
    /// - Throws: `BoundedWorkPool.Full` when the pool's queue is full.
    public func matches(_ password: String, on pool: BoundedWorkPool) async throws(BoundedWorkPool.Full) -> Bool {
        let hash = self
        return try await pool.run { hash.verifies(password) }
    }

    /// A hash no password matches (its digest is all zeros), with `iterations` rounds:
    /// checking a password against it costs what checking a real one does, so an unknown
    /// username takes as long to refuse as a wrong password.
    public static func unmatchable(iterations: Int) -> PasswordHash {
        PasswordHash(iterations: iterations, salt: [UInt8](repeating: 0x5a, count: saltByteCount),
                     digest: [UInt8](repeating: 0, count: digestByteCount))
    }

    private init(iterations: Int, salt: [UInt8], digest: [UInt8]) {
        self.iterations = iterations
        self.salt = salt
        self.digest = digest
    }

    public var description: String { "PasswordHash(\(Self.algorithm), \(iterations) iterations, salted)" }

    // MARK: - GnuTLS

    private static func randomSalt() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: saltByteCount) { buffer, count in
            guard gnutls_rnd(GNUTLS_RND_RANDOM, buffer.baseAddress, saltByteCount) == GNUTLS_E_SUCCESS else {
                fatalError("GnuTLS's random generator failed; refusing to hash without a salt")
            }
            count = saltByteCount
        }
    }

    private static func derive(password: String, salt: [UInt8], iterations: Int) -> [UInt8] {
        // GnuTLS only reads both inputs; an empty one still points at a byte.
        var passwordBytes = Array(password.utf8)
        let passwordCount = passwordBytes.count
        if passwordBytes.isEmpty { passwordBytes = [0] }
        var saltBytes = salt.isEmpty ? [0] : salt
        return [UInt8](unsafeUninitializedCapacity: digestByteCount) { output, count in
            let status = passwordBytes.withUnsafeMutableBufferPointer { passwordBuffer in
                saltBytes.withUnsafeMutableBufferPointer { saltBuffer in
                    var keyDatum = gnutls_datum_t(data: passwordBuffer.baseAddress, size: UInt32(passwordCount))
                    var saltDatum = gnutls_datum_t(data: saltBuffer.baseAddress, size: UInt32(salt.count))
                    return gnutls_pbkdf2(GNUTLS_MAC_SHA256, &keyDatum, &saltDatum, UInt32(iterations),
                                         output.baseAddress, digestByteCount)
                }
            }
            precondition(status == GNUTLS_E_SUCCESS, "GnuTLS PBKDF2 failed (error \(status))")
            count = digestByteCount
        }
    }
}
