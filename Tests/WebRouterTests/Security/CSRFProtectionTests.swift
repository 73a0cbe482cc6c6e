import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP

@Suite struct CSRFProtectionTests {
    let csrf = CSRFProtection(secret: SecurityFixtures.secret)
    let now = 1_750_000_000

    @Test func tokenIsValidForItsBrowser() {
        let id = csrf.newBrowserID()
        let token = csrf.token(for: id, now: now)
        #expect(SecurityFixtures.isTokenSafe(token))
        #expect(csrf.isValid(token: token, browserID: id, now: now))
        #expect(csrf.isValid(token: token, browserID: id, now: now + 60))
    }

    @Test func missingTokenOrCookieIsInvalid() {
        let id = csrf.newBrowserID()
        let token = csrf.token(for: id, now: now)
        #expect(!csrf.isValid(token: nil, browserID: id, now: now))
        #expect(!csrf.isValid(token: token, browserID: nil, now: now))
        #expect(!csrf.isValid(token: nil, browserID: nil, now: now))
        #expect(!csrf.isValid(token: "", browserID: id, now: now))
        #expect(!csrf.isValid(token: token, browserID: "", now: now))
    }

    @Test func tokenForAnotherBrowserIsInvalid() {
        let attacker = csrf.newBrowserID()
        let victim = csrf.newBrowserID()
        #expect(attacker != victim)
        #expect(!csrf.isValid(token: csrf.token(for: attacker, now: now), browserID: victim, now: now))
    }

    @Test func forgedTokensAreInvalid() throws {
        let id = csrf.newBrowserID()
        let token = csrf.token(for: id, now: now)
        let tampered = SecurityFixtures.singleCharacterVariants(of: token).filter {
            csrf.isValid(token: $0, browserID: id, now: now)
        }
        #expect(tampered.isEmpty)
        let otherSecret = CSRFProtection(secret: SecurityFixtures.otherSecret)
        #expect(!csrf.isValid(token: otherSecret.token(for: id, now: now), browserID: id, now: now))
        let session = SessionCookieCodec(secret: SecurityFixtures.secret)
        let sessionValue = try session.encode(Session(issuedAt: now))
        #expect(!csrf.isValid(token: sessionValue, browserID: id, now: now))
        for garbage in ["x", "a.b", id, "\(id).\(id)", String(repeating: "A", count: 100_000), "🙂.🙂"] {
            #expect(!csrf.isValid(token: garbage, browserID: id, now: now))
        }
    }

    @Test func expiredTokenIsInvalid() {
        let id = csrf.newBrowserID()
        let token = csrf.token(for: id, now: now)
        #expect(csrf.isValid(token: token, browserID: id, now: now + csrf.tokenLifetime))
        #expect(!csrf.isValid(token: token, browserID: id, now: now + csrf.tokenLifetime + 1))
        let shortLived = CSRFProtection(secret: SecurityFixtures.secret, tokenLifetime: 10)
        #expect(!shortLived.isValid(token: token, browserID: id, now: now + 11))
    }

    @Test func tokenFromTheFarFutureIsInvalid() {
        let id = csrf.newBrowserID()
        let skew = SignedCookie.allowedClockSkew
        #expect(csrf.isValid(token: csrf.token(for: id, now: now + skew), browserID: id, now: now))
        #expect(!csrf.isValid(token: csrf.token(for: id, now: now + skew + 1), browserID: id, now: now))
        #expect(!csrf.isValid(token: csrf.token(for: id, now: .max), browserID: id, now: .min))
        #expect(!csrf.isValid(token: csrf.token(for: id, now: .min), browserID: id, now: .max))
    }

    @Test func malformedBrowserIDIsInvalidEvenWithAMatchingToken() {
        for id in ["short", "a;b", "\r\n", String(repeating: "A", count: 23), "AAAAAAAAAAAAAAAAAAAAA=", "🙂"] {
            #expect(!csrf.isWellFormedBrowserID(id))
            #expect(!csrf.isValid(token: csrf.token(for: id, now: now), browserID: id, now: now))
        }
    }

    @Test func browserIDsAreRandom128BitBase64URL() {
        let ids = (0..<100).map { _ in csrf.newBrowserID() }
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.utf8.count == 22)
            #expect(SecurityFixtures.isTokenSafe(id) && !id.contains("."))
            #expect(csrf.isWellFormedBrowserID(id))
        }
    }

    @Test func tokenDoesNotRevealTheBrowserID() {
        let id = csrf.newBrowserID()
        #expect(!csrf.token(for: id, now: now).contains(id))
    }

    @Test func setCookieHeaderCarriesTheSecurityAttributes() {
        let id = csrf.newBrowserID()
        #expect(csrf.setCookieHeader(browserID: id) == "wr_csrf=\(id); Path=/; HttpOnly; SameSite=Lax")
        let secure = CSRFProtection(secret: SecurityFixtures.secret, cookieName: "xsrf", secure: true)
        #expect(secure.setCookieHeader(browserID: id) == "xsrf=\(id); Path=/; HttpOnly; Secure; SameSite=Lax")
    }

    @Test func setCookieHeaderNeverCarriesAMalformedID() {
        let header = csrf.setCookieHeader(browserID: "x\r\nSet-Cookie: admin=1; Path=/")
        #expect(header.hasPrefix("wr_csrf=; Path=/; Max-Age=0;"))
        #expect(!header.contains("\r") && !header.contains("\n") && !header.contains("admin"))
    }
}
