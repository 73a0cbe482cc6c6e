import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP

/// The core the session and CSRF cookies share refuses what it did not sign, what was signed
/// for another purpose or context, and what is no longer fresh; its headers are pinned.
@Suite struct SignedCookieTests {
    let cookie = SignedCookie(secret: SecurityFixtures.secret, purpose: "test", name: "wr_test", secure: false)
    let now = 1_750_000_000

    @Test func verifiesWhatItSigned() {
        let value = cookie.sign([1, 2, 3])
        #expect(SecurityFixtures.isTokenSafe(value))
        #expect(cookie.verify(value) == [1, 2, 3])
        let bound = cookie.sign([4], boundTo: Array("browser".utf8))
        #expect(cookie.verify(bound, boundTo: Array("browser".utf8)) == [4])
    }

    @Test func refusesATamperedValue() {
        let value = cookie.sign(Array("user=ada".utf8))
        for variant in SecurityFixtures.singleCharacterVariants(of: value) {
            #expect(cookie.verify(variant) == nil, "accepted \(variant)")
        }
        #expect(cookie.verify(value + "A") == nil)
        #expect(cookie.verify(String(value.dropLast())) == nil)
        #expect(cookie.verify("") == nil)
    }

    @Test func refusesAnotherPurposeSecretOrContext() {
        let value = cookie.sign([7], boundTo: Array("one".utf8))
        #expect(cookie.verify(value, boundTo: Array("two".utf8)) == nil)
        #expect(cookie.verify(value) == nil)
        let otherPurpose = SignedCookie(secret: SecurityFixtures.secret, purpose: "test2", name: "wr_test", secure: false)
        #expect(otherPurpose.verify(value, boundTo: Array("one".utf8)) == nil)
        let otherSecret = SignedCookie(secret: SecurityFixtures.otherSecret, purpose: "test", name: "wr_test", secure: false)
        #expect(otherSecret.verify(value, boundTo: Array("one".utf8)) == nil)
    }

    @Test func refusesAnExpiredValueOrOneFromTooFarInTheFuture() {
        let skew = SignedCookie.allowedClockSkew
        #expect(SignedCookie.isFresh(issuedAt: now, now: now, lifetime: 60))
        #expect(SignedCookie.isFresh(issuedAt: now - 60, now: now, lifetime: 60))
        #expect(!SignedCookie.isFresh(issuedAt: now - 61, now: now, lifetime: 60))
        #expect(SignedCookie.isFresh(issuedAt: now + skew, now: now, lifetime: 60))
        #expect(!SignedCookie.isFresh(issuedAt: now + skew + 1, now: now, lifetime: 60))
        #expect(!SignedCookie.isFresh(issuedAt: Int.min, now: now, lifetime: 60))
        #expect(!SignedCookie.isFresh(issuedAt: Int.max, now: Int.min, lifetime: 60))
    }

    @Test func headersArePinned() {
        #expect(cookie.setCookieHeader(value: "abc", maxAge: nil) == "wr_test=abc; Path=/; HttpOnly; SameSite=Lax")
        #expect(cookie.setCookieHeader(value: "abc", maxAge: 60) == "wr_test=abc; Path=/; Max-Age=60; HttpOnly; SameSite=Lax")
        #expect(cookie.clearCookieHeader == "wr_test=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax")
        let secure = cookie.markedSecure()
        #expect(secure.secure && !cookie.secure)
        #expect(secure.setCookieHeader(value: "abc", maxAge: nil) == "wr_test=abc; Path=/; HttpOnly; Secure; SameSite=Lax")
        #expect(secure.clearCookieHeader == "wr_test=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax")
        // Marking it secure keeps the key: what one signed, the other verifies.
        #expect(secure.verify(cookie.sign([9])) == [9])
    }
}
