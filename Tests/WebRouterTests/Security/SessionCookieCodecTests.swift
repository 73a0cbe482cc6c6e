import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP

@Suite struct SessionCookieCodecTests {
    let codec = SessionCookieCodec(secret: SecurityFixtures.secret)
    let now = 1_750_000_000

    static let hostileStrings = [
        "", "plain", "\"quoted\"", "'single'", "a;b", "; Path=/evil", "a=b", "a,b",
        "line\r\nSet-Cookie: evil=1", "\n", "\r", "\0nul", "tab\there", "\\back\\slash",
        "<script>alert(1)</script>", "é", "e\u{301}", "🙂👍🏽", "中文", "\u{FEFF}bom", "\u{202E}rtl",
        String(repeating: "x", count: 500),
    ]

    @Test func roundTripsHostileKeysAndValues() throws {
        var session = Session(issuedAt: now)
        for (index, text) in Self.hostileStrings.enumerated() {
            session["k\(index)" + text] = text + "v\(index)"
        }
        session[""] = ""
        let value = try codec.encode(session)
        #expect(SecurityFixtures.isTokenSafe(value))
        #expect(codec.decode(value, now: now) == session)
    }

    @Test(arguments: hostileStrings)
    func roundTripsEachHostileStringAsKeyAndValue(text: String) throws {
        let session = Session(values: [text: text, "other": text], issuedAt: now)
        let value = try codec.encode(session)
        #expect(SecurityFixtures.isTokenSafe(value))
        #expect(codec.decode(value, now: now)?.values == session.values)
    }

    @Test func roundTripsAnEmptySession() throws {
        let session = Session(issuedAt: now)
        #expect(session.isEmpty)
        let decoded = try #require(codec.decode(try codec.encode(session), now: now + 10))
        #expect(decoded.isEmpty)
        #expect(decoded.issuedAt == now)
    }

    @Test func subscriptSetsAndRemoves() {
        var session = Session(issuedAt: now)
        session["user"] = "ada"
        #expect(session["user"] == "ada")
        #expect(!session.isEmpty)
        session["user"] = nil
        #expect(session["user"] == nil)
        #expect(session.isEmpty)
    }

    @Test func missingOrEmptyCookieIsNoSession() {
        #expect(codec.decode(nil, now: now) == nil)
        #expect(codec.decode("", now: now) == nil)
    }

    @Test func tamperedCookieIsIgnored() throws {
        let value = try codec.encode(Session(values: ["user": "ada"], issuedAt: now))
        let accepted = SecurityFixtures.singleCharacterVariants(of: value).filter {
            codec.decode($0, now: now) != nil
        }
        #expect(accepted.isEmpty)
    }

    @Test func cookieFromAnotherSecretOrPurposeIsIgnored() throws {
        let session = Session(values: ["user": "ada"], issuedAt: now)
        let other = SessionCookieCodec(secret: SecurityFixtures.otherSecret)
        #expect(codec.decode(try other.encode(session), now: now) == nil)
        let csrf = CSRFProtection(secret: SecurityFixtures.secret)
        #expect(codec.decode(csrf.token(for: csrf.newBrowserID(), now: now), now: now) == nil)
    }

    @Test func settingsDoNotChangeTheSigningKey() throws {
        // A codec with another cookie name or flags (e.g. a second instance) still reads the session.
        let session = Session(values: ["user": "ada"], issuedAt: now)
        let other = SessionCookieCodec(secret: SecurityFixtures.secret, cookieName: "s", secure: true)
        #expect(other.decode(try codec.encode(session), now: now) == session)
    }

    /// Payloads that carry a valid signature but are not a session a codec would write.
    @Test(arguments: [
        [UInt8](),
        [1],
        [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],                          // unknown version
        [1, 0, 0, 0, 0, 0, 0, 0, 0, 0],                             // count cut short
        [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],                          // one entry promised, none there
        [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0xFF, 0xFF, 0x61],        // key length past the end
        [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0x61, 0, 5, 0x62],  // value length past the end
        [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0xC3, 0, 0],        // invalid UTF-8 key
        [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0x61, 0, 1, 0xFF],  // invalid UTF-8 value
        [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 1, 0x61, 0, 0, 0, 1, 0x61, 0, 0], // repeated key
        [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],                       // trailing byte
        [1, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0],                       // issuedAt = Int64.min
        [1, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0],  // issuedAt = Int64.max
    ])
    func signedButHostilePayloadsAreIgnored(payload: [UInt8]) {
        let forged = MessageSigner(secret: SecurityFixtures.secret, purpose: "session").sign(payload)
        #expect(codec.decode(forged, now: now) == nil)
    }

    @Test func expiredSessionIsRejected() throws {
        let value = try codec.encode(Session(values: ["user": "ada"], issuedAt: now))
        #expect(codec.decode(value, now: now + codec.maxAge) != nil)
        #expect(codec.decode(value, now: now + codec.maxAge + 1) == nil)
        let shortLived = SessionCookieCodec(secret: SecurityFixtures.secret, maxAge: 60)
        #expect(shortLived.decode(value, now: now + 61) == nil)
    }

    @Test func sessionFromTheFarFutureIsRejected() throws {
        let value = try codec.encode(Session(issuedAt: now + SignedCookie.allowedClockSkew))
        #expect(codec.decode(value, now: now) != nil)
        let tooFar = try codec.encode(Session(issuedAt: now + SignedCookie.allowedClockSkew + 1))
        #expect(codec.decode(tooFar, now: now) == nil)
        let extreme = try codec.encode(Session(issuedAt: .min))
        #expect(codec.decode(extreme, now: now) == nil)
        #expect(codec.decode(try codec.encode(Session(issuedAt: .max)), now: .min) == nil)
    }

    @Test func oversizedSessionThrowsAClearError() throws {
        let session = Session(values: ["blob": String(repeating: "x", count: 3000)], issuedAt: now)
        #expect(throws: SessionCookieError.self) { try codec.encode(session) }
        let error = try #require(#expect(throws: SessionCookieError.self) { try codec.setCookieHeader(session) })
        switch error {
        case let .tooLarge(byteCount, limit):
            #expect(byteCount > limit)
            #expect(limit == SessionCookieCodec.maximumValueLength)
            #expect(error.description.contains("\(limit)-byte limit"))
        }
        let fits = Session(values: ["blob": String(repeating: "x", count: 2800)], issuedAt: now)
        #expect(try codec.encode(fits).utf8.count <= SessionCookieCodec.maximumValueLength)
    }

    @Test func setCookieHeaderCarriesTheSecurityAttributes() throws {
        let session = Session(values: ["user": "ada\r\nSet-Cookie: x=1"], issuedAt: now)
        let header = try codec.setCookieHeader(session)
        let value = try codec.encode(session)
        #expect(header == "wr_session=\(value); Path=/; Max-Age=1209600; HttpOnly; SameSite=Lax")
        #expect(!header.contains("Secure"))
        #expect(!header.contains("\r") && !header.contains("\n"))

        let secure = SessionCookieCodec(secret: SecurityFixtures.secret, cookieName: "sid", maxAge: 3600, secure: true)
        let secureHeader = try secure.setCookieHeader(session)
        #expect(secureHeader.hasPrefix("sid="))
        #expect(secureHeader.hasSuffix("; Path=/; Max-Age=3600; HttpOnly; Secure; SameSite=Lax"))
    }

    @Test func nilSessionClearsTheCookie() throws {
        let header = try codec.setCookieHeader(nil)
        #expect(header == codec.clearCookieHeader)
        #expect(header.hasPrefix("wr_session=; Path=/; Max-Age=0;"))
        #expect(header.contains("HttpOnly"))
        #expect(header.contains("SameSite=Lax"))
        #expect(!header.contains("Secure"))
        let secure = SessionCookieCodec(secret: SecurityFixtures.secret, secure: true)
        #expect(secure.clearCookieHeader.contains("; Secure;"))
    }
}
