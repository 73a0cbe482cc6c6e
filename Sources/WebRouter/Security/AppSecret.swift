public import Foundation
import WebRouterHTML

/// The app's secret key material, from which the keys that sign sessions and CSRF tokens are derived.
///
/// Every instance of an app that serves the same users must use the same secret (set
/// `WEBROUTER_SECRET`); each purpose gets its own key through HKDF-SHA256, so a token made
/// for one purpose is never accepted for another.
///
/// ```swift
/// let (secret, isEphemeral) = AppSecret.fromEnvironment()
/// if isEphemeral { logger.warning("WEBROUTER_SECRET is not set; sessions end when the server stops") }
/// let signer = MessageSigner(secret: secret, purpose: "session")
/// ```
public struct AppSecret: Sendable, CustomStringConvertible, CustomReflectable {
    /// The fewest bytes (for `init?(bytes:)`) or characters (for `init?(passphrase:)`) accepted.
    public static let minimumLength = 32

    /// The environment variable `fromEnvironment` reads.
    public static let environmentVariable = "WEBROUTER_SECRET"

    private static let passphraseSalt = Array("WebRouter.AppSecret.passphrase.v1".utf8)
    private static let purposeSalt = Array("WebRouter.AppSecret.purpose.v1".utf8)

    /// The master key; only ever read through HKDF.
    private let master: [UInt8]

    /// Whether the secret was made at random (``random()``, or ``fromEnvironment(_:)`` without
    /// a usable `WEBROUTER_SECRET`): sessions and tokens signed with it end with the process,
    /// so ``Application/serve(_:logger:)`` warns at start.
    public let isEphemeral: Bool

    private init(master: [UInt8], isEphemeral: Bool = false) {
        self.master = master
        self.isEphemeral = isEphemeral
    }

    /// A secret made of raw key bytes; `nil` when there are fewer than 32 of them.
    public init?(bytes: [UInt8]) {
        guard bytes.count >= Self.minimumLength else { return nil }
        self.init(master: bytes)
    }

    /// A secret from a passphrase or an encoded key (such as the value of `WEBROUTER_SECRET`):
    /// the key is derived with HKDF-SHA256 from the string's UTF-8 bytes, exactly as given.
    /// `nil` when the string has fewer than 32 characters.
    public init?(passphrase: String) {
        guard passphrase.count >= Self.minimumLength else { return nil }
        self.init(master: CryptoPrimitives.hkdfSHA256(inputKeyMaterial: Array(passphrase.utf8), salt: Self.passphraseSalt))
    }

    /// A fresh secret of 256 random bits; tokens signed with it die with the process.
    public static func random() -> AppSecret {
        AppSecret(master: CryptoPrimitives.randomBytes(32, level: .key), isEphemeral: true)
    }

    /// Reads `WEBROUTER_SECRET` from `env`. Without it, or when it is shorter than 32 characters,
    /// returns a random secret and `isEphemeral == true` so the caller can log a warning.
    public static func fromEnvironment(
        _ env: [String: String] = ProcessInfo.processInfo.environment
    ) -> (secret: AppSecret, isEphemeral: Bool) {
        if let value = env[environmentVariable], let secret = AppSecret(passphrase: value) {
            return (secret, false)
        }
        return (random(), true)
    }

    /// A 256-bit key for one purpose (such as `"session"` or `"csrf"`), derived with HKDF-SHA256;
    /// different purposes give unrelated keys. Internal: apps sign with `MessageSigner`, never
    /// with raw key bytes.
    func derivedKey(for purpose: String) -> [UInt8] {
        CryptoPrimitives.hkdfSHA256(inputKeyMaterial: master, salt: Self.purposeSalt, info: Array(purpose.utf8))
    }

    /// Never shows key material, so a secret that ends up in a log line leaks nothing.
    public var description: String { "AppSecret(redacted)" }

    /// The start-up warning for an ephemeral secret, naming `WEBROUTER_SECRET` and what
    /// happens without it; `nil` for a secret that outlives the process.
    var ephemeralWarning: String? {
        guard isEphemeral else { return nil }
        return "\(Self.environmentVariable) is not set (or is shorter than \(Self.minimumLength) characters): "
            + "sessions and forms are signed with a random secret made at start, so every restart or rebuild "
            + "signs everyone out and other instances reject this one's cookies. "
            + "Set \(Self.environmentVariable) to 32 or more random characters (head -c 32 /dev/urandom | base64)."
    }

    /// No children, so `dump(secret)` and debuggers show no key bytes either.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
