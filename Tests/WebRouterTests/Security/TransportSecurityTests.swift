import ArgumentParser
import Testing
@testable import WebRouter
@testable import WebRouterHTTP
import WebRouterTesting

/// Issue 33's cookies and HSTS: an `https` public origin makes every cookie `Secure` with a
/// `__Host-` name and sends `Strict-Transport-Security`; a trusted proxy's
/// `X-Forwarded-Proto: https` does it per request (Secure and HSTS), an untrusted peer's
/// does nothing; plain http never gets HSTS; the options reach any app's command line.
@Suite("Attacks: Secure cookies, __Host- names and HSTS")
struct TransportSecurityTests {
    static func app(_ configure: (inout ApplicationConfiguration) -> Void) throws -> Application {
        var configuration = try NotesApp.make().configuration
        configure(&configuration)
        return Application(table: try NotesApp.make().table, configuration: configuration)
    }

    /// A GET of the sign-in page (which issues the CSRF cookie) from `peer`.
    static func signInPage(_ app: Application, from peer: String = "127.0.0.1",
                           headers: HTTPHeaders = []) async -> HTTPResponse {
        var request = HTTPRequest(path: "/sign-in", headers: headers)
        request.remoteAddress = peer
        return await app.respond(to: request)
    }

    @Test func anHTTPSPublicOriginMakesCookiesSecureHostPrefixedAndSendsHSTS() async throws {
        let app = try Self.app { $0.publicOrigin = try? PublicOrigin("https://notes.example") }
        let page = await Self.signInPage(app)
        let cookie = try #require(page.headers.values(for: "Set-Cookie").first)
        #expect(cookie.hasPrefix("__Host-wr_csrf="), "\(cookie)")
        #expect(cookie.contains("; Secure") && cookie.contains("Path=/") && !cookie.contains("Domain"))
        #expect(page.headers["Strict-Transport-Security"] == "max-age=31536000")

        // The whole cycle over HTTP with the prefixed names: sign in, then the session cookie.
        try await app.test { client in
            client.followsRedirects = false
            let form = try await client.get("/sign-in")
            let answer = try await client.submit("sign-in", on: form, ["username": "ada"])
            #expect(answer.status == .seeOther)
            let session = try #require(answer.headers.values(for: "Set-Cookie").first { $0.hasPrefix("__Host-wr_session=") })
            #expect(session.contains("; Secure"))
            client.followsRedirects = true
            try await client.get("/notes").expect(screen: "Notes")
        }
    }

    @Test(arguments: [("10.0.0.5", true), ("10.0.0.6", false)])
    func aTrustedProxySayingHTTPSMakesCookiesSecureAndSendsHSTS(peer: String, trusted: Bool) async throws {
        let app = try Self.app { $0.trustedProxies = ["10.0.0.5"] }
        let page = await Self.signInPage(app, from: peer, headers: ["X-Forwarded-Proto": "https"])
        let cookie = try #require(page.headers.values(for: "Set-Cookie").first)
        #expect(cookie.hasPrefix("wr_csrf="), "no __Host- name: the app is also reached over plain http")
        #expect(cookie.contains("; Secure") == trusted, "\(cookie)")
        #expect((page.headers["Strict-Transport-Security"] != nil) == trusted)
    }

    @Test func plainHTTPNeverGetsHSTSAndZeroTurnsItOff() async throws {
        let plain = await Self.signInPage(try Self.app { _ in })
        #expect(plain.headers["Strict-Transport-Security"] == nil)
        #expect(plain.headers.values(for: "Set-Cookie").allSatisfy { !$0.contains("Secure") })
        let off = await Self.signInPage(try Self.app {
            $0.publicOrigin = try? PublicOrigin("https://notes.example")
            $0.strictTransportSecurityMaxAge = 0
        })
        #expect(off.headers["Strict-Transport-Security"] == nil)
        #expect(off.headers.values(for: "Set-Cookie").allSatisfy { $0.contains("; Secure") })
    }

    @Test func errorPagesCarryHSTSToo() async throws {
        let app = try Self.app { $0.publicOrigin = try? PublicOrigin("https://notes.example") }
        let missing = await app.respond(to: HTTPRequest(path: "/no/such/page"))
        #expect(missing.status == .notFound)
        #expect(missing.headers["Strict-Transport-Security"] == "max-age=31536000")
    }

    @Test func theClientAddressBehindATrustedProxyIsTheOneItSaw() throws {
        var configuration = ApplicationConfiguration()
        configuration.trustedProxies = ["10.0.0.5"]
        let policy = OriginPolicy(configuration)
        var request = HTTPRequest(path: "/", headers: ["X-Forwarded-For": "6.6.6.6, 203.0.113.9"])
        request.remoteAddress = "10.0.0.5"
        #expect(policy.clientAddress(request) == "203.0.113.9", "the last hop, not the client's own claim")
        request.remoteAddress = "198.51.100.1"
        #expect(policy.clientAddress(request) == "198.51.100.1", "an untrusted peer's header is ignored")
    }

    @Test func theOptionsReachAnyAppsCommandLine() throws {
        let options = try ServeOptions.parse([
            "--public-url", "https://notes.example", "--trusted-proxy", "10.0.0.5", "--trusted-proxy", "::1",
            "--hsts-max-age", "600",
        ])
        var configuration = ApplicationConfiguration()
        try options.apply(to: &configuration, environment: [:])
        #expect(configuration.publicOrigin?.description == "https://notes.example")
        #expect(configuration.trustedProxies == ["10.0.0.5", "::1"])
        #expect(configuration.strictTransportSecurityMaxAge == 600)
        #expect(throws: (any Error).self) { try ServeOptions.parse(["--hsts-max-age", "-1"]) }
        #expect(throws: (any Error).self) { try ServeOptions.parse(["--public-url", "notes.example"]) }
    }
}
