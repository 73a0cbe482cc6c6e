import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP

/// Tokens signed for a fixed secret are pinned byte for byte, so a change of crypto library (or
/// of the key derivation) cannot silently sign every visitor out and void every open form.
///
/// The expected values were computed outside WebRouter, with Python's `hmac` and `hashlib`
/// (HKDF-SHA256 per RFC 5869; MAC input `be32(len(purpose)) purpose be32(len(context)) context
/// payload`), and reproduced with swift-crypto 3.12.3's `HKDF` and `HMAC` calls exactly as the
/// replaced code made them.
@Suite struct TokenCompatibilityTests {
    @Test func passphraseSecretSignsTheKnownSessionToken() {
        let signer = MessageSigner(secret: SecurityFixtures.secret, purpose: "session")
        let token = signer.sign(Array("user=ada".utf8))
        #expect(token == "dXNlcj1hZGE.UVt_B9Ifw32KNAQS2Ek1uKxEjHaGLwCGYtAy4oGYMUA")
        #expect(signer.verify("dXNlcj1hZGE.UVt_B9Ifw32KNAQS2Ek1uKxEjHaGLwCGYtAy4oGYMUA") == Array("user=ada".utf8))
    }

    @Test func emptyPayloadSignsTheKnownToken() {
        let signer = MessageSigner(secret: SecurityFixtures.secret, purpose: "test")
        #expect(signer.sign([]) == ".9VG7NkMEt5LH8hEQfz7wvc7hv1gXgqeJof1zITWbnN0")
    }

    @Test func rawByteSecretSignsTheKnownToken() throws {
        let secret = try #require(AppSecret(bytes: Array(0..<32)))
        let token = MessageSigner(secret: secret, purpose: "session").sign(Array("user=ada".utf8))
        #expect(token == "dXNlcj1hZGE.8aflX9YGF2NPsIT5pBVfsLYQvm4kw3QG2i0zmt0DWm8")
    }

    @Test func csrfTokenForAKnownBrowserIsTheKnownToken() {
        let csrf = CSRFProtection(secret: SecurityFixtures.secret)
        let browser = "AAAAAAAAAAAAAAAAAAAAAA"
        let token = csrf.token(for: browser, now: 1_700_000_000)
        #expect(token == "AAAAAGVT8QA.sZ0na6KF70U_oTnHuV0Ei_D2Z3YSPpwCYbjam-yI9H0")
        // A form rendered before the upgrade still posts.
        #expect(csrf.isValid(token: "AAAAAGVT8QA.sZ0na6KF70U_oTnHuV0Ei_D2Z3YSPpwCYbjam-yI9H0",
                             browserID: browser, now: 1_700_000_060))
    }
}
