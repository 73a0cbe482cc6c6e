import Testing
@testable import WebRouter

@Suite struct AppSecretTests {
    @Test func rawBytesNeedAtLeast32() {
        #expect(AppSecret(bytes: []) == nil)
        #expect(AppSecret(bytes: [UInt8](repeating: 7, count: 31)) == nil)
        #expect(AppSecret(bytes: [UInt8](repeating: 7, count: 32)) != nil)
    }

    @Test func passphraseNeedsAtLeast32Characters() {
        #expect(AppSecret(passphrase: "") == nil)
        #expect(AppSecret(passphrase: String(repeating: "x", count: 31)) == nil)
        #expect(AppSecret(passphrase: String(repeating: "x", count: 32)) != nil)
        // 16 emoji are 64 UTF-8 bytes but only 16 characters.
        #expect(AppSecret(passphrase: String(repeating: "🔑", count: 16)) == nil)
    }

    @Test func samePassphraseOnTwoInstancesSignsInterchangeably() throws {
        let passphrase = "shared by every instance behind the proxy"
        let first = try #require(AppSecret(passphrase: passphrase))
        let second = try #require(AppSecret(passphrase: passphrase))
        let token = MessageSigner(secret: first, purpose: "session").sign([1, 2, 3])
        #expect(MessageSigner(secret: second, purpose: "session").verify(token) == [1, 2, 3])
    }

    @Test func differentSecretsDoNotInteroperate() throws {
        let token = MessageSigner(secret: .random(), purpose: "session").sign([1, 2, 3])
        #expect(MessageSigner(secret: .random(), purpose: "session").verify(token) == nil)
        let fromBytes = try #require(AppSecret(bytes: [UInt8](repeating: 1, count: 32)))
        let otherBytes = try #require(AppSecret(bytes: [UInt8](repeating: 2, count: 32)))
        let signed = MessageSigner(secret: fromBytes, purpose: "p").sign([9])
        #expect(MessageSigner(secret: otherBytes, purpose: "p").verify(signed) == nil)
    }

    @Test func fromEnvironmentUsesWEBROUTER_SECRET() throws {
        let passphrase = "production secret, at least 32 chars long"
        let (secret, isEphemeral) = AppSecret.fromEnvironment(["WEBROUTER_SECRET": passphrase, "HOME": "/root"])
        #expect(!isEphemeral)
        let expected = try #require(AppSecret(passphrase: passphrase))
        let token = MessageSigner(secret: expected, purpose: "session").sign([42])
        #expect(MessageSigner(secret: secret, purpose: "session").verify(token) == [42])
    }

    @Test func anEphemeralSecretHasALoudStartUpWarningAndAStableOneNone() throws {
        let warning = try #require(AppSecret.fromEnvironment([:]).secret.ephemeralWarning)
        #expect(warning.contains("WEBROUTER_SECRET"))
        #expect(warning.contains("signs everyone out"))
        #expect(AppSecret.random().isEphemeral)
        let stable = AppSecret.fromEnvironment(["WEBROUTER_SECRET": String(repeating: "s", count: 40)]).secret
        #expect(!stable.isEphemeral && stable.ephemeralWarning == nil)
        #expect(AppSecret(passphrase: String(repeating: "p", count: 32))?.isEphemeral == false)
    }

    @Test(arguments: [
        [:],
        ["HOME": "/root"],
        ["WEBROUTER_SECRET": ""],
        ["WEBROUTER_SECRET": "too short"],
        ["webrouter_secret": "lower-case name is a different variable, 32+ chars"],
    ])
    func fromEnvironmentFallsBackToAnEphemeralSecret(env: [String: String]) {
        let first = AppSecret.fromEnvironment(env)
        let second = AppSecret.fromEnvironment(env)
        #expect(first.isEphemeral)
        #expect(second.isEphemeral)
        // Each fallback is random: another process could not verify this one's tokens.
        let token = MessageSigner(secret: first.secret, purpose: "session").sign([1])
        #expect(MessageSigner(secret: second.secret, purpose: "session").verify(token) == nil)
    }

    @Test func descriptionRevealsNoKeyMaterial() throws {
        let passphrase = "do-not-log-this-passphrase-anywhere-ever"
        let secret = try #require(AppSecret(passphrase: passphrase))
        #expect(!"\(secret)".contains("do-not-log"))
        #expect(!String(reflecting: secret).contains("do-not-log"))
    }
}
