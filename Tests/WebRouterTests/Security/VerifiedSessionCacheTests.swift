import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP

/// The cache that spares returning visitors an HMAC per request must never change what a
/// cookie decodes to: forgeries stay rejected, sessions still expire, memory stays bounded.
@Suite struct VerifiedSessionCacheTests {
    let now = 1_750_000_000

    @Test func aVerifiedCookieIsRememberedAndStillExpires() throws {
        let codec = SessionCookieCodec(secret: SecurityFixtures.secret, maxAge: 60)
        let value = try codec.encode(Session(values: ["user": "ada"], issuedAt: now))
        #expect(codec.decode(value, now: now)?["user"] == "ada")
        #expect(codec.verified[value] != nil)
        // Answered from the cache, the age is still checked against the clock.
        #expect(codec.decode(value, now: now + 60) != nil)
        #expect(codec.decode(value, now: now + 61) == nil)
    }

    @Test func aTamperedCookieIsRejectedAfterTheGenuineOneWasCached() throws {
        let codec = SessionCookieCodec(secret: SecurityFixtures.secret)
        let value = try codec.encode(Session(values: ["user": "ada"], issuedAt: now))
        #expect(codec.decode(value, now: now) != nil)
        var bytes = Array(value.utf8)
        bytes[bytes.count / 3] = bytes[bytes.count / 3] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        let forged = String(decoding: bytes, as: UTF8.self)
        #expect(codec.decode(forged, now: now) == nil)
        #expect(codec.verified[forged] == nil)
    }

    @Test func aCookieSignedWithAnotherSecretIsNeverCached() throws {
        let codec = SessionCookieCodec(secret: SecurityFixtures.secret)
        let other = SessionCookieCodec(secret: SecurityFixtures.otherSecret)
        let value = try other.encode(Session(values: ["user": "mallory"], issuedAt: now))
        #expect(codec.decode(value, now: now) == nil)
        #expect(codec.verified.count == 0)
    }

    @Test func theSecureVariantMarksItsCookieAndSharesKeyAndCache() throws {
        let codec = SessionCookieCodec(secret: SecurityFixtures.secret)
        let secure = codec.markedSecure()
        let session = Session(values: ["user": "ada"], issuedAt: now)
        let secureHeader = try secure.setCookieHeader(session)
        let plainHeader = try codec.setCookieHeader(session)
        #expect(secureHeader.contains("; Secure"))
        #expect(!plainHeader.contains("Secure"))
        let value = try secure.encode(session)
        #expect(codec.decode(value, now: now) == session)
        #expect(secure.verified[value] == session)   // verified once, remembered for both
    }

    @Test func theCacheStaysWithinItsCapacity() {
        let cache = VerifiedSessionCache(capacity: 8)
        for index in 0..<100 {
            cache["cookie-\(index)"] = Session(values: ["n": "\(index)"], issuedAt: index)
            #expect(cache.count <= 8)
        }
        #expect(cache["cookie-99"]?["n"] == "99")
    }
}
