import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP

/// Absolute URLs come from the configuration, never from a `Host` header alone.
@Suite struct PublicOriginTests {
    func request(_ headers: HTTPHeaders) -> HTTPRequest {
        HTTPRequest(path: "/feed", headers: headers)
    }

    func policy(_ change: (inout ApplicationConfiguration) -> Void = { _ in }) -> OriginPolicy {
        var configuration = ApplicationConfiguration(secret: .random())
        change(&configuration)
        return OriginPolicy(configuration)
    }

    @Test func aPublicURLIsValidatedAtStart() throws {
        let origin = try PublicOrigin("HTTPS://Scores.Example/")
        #expect(origin.description == "https://scores.example")
        #expect(try PublicOrigin("http://127.0.0.1:8080").description == "http://127.0.0.1:8080")
        #expect(try PublicOrigin("https://scores.example:443").port == nil, "the default port is left out")
        #expect(try PublicOrigin("http://[::1]:9000").host == "[::1]")
        for bad in ["scores.example", "ftp://scores.example", "https://", "https://scores.example/feed",
                    "https://user@scores.example", "https://scores.example?x", "https://scores.example:99999",
                    "https://evil.example\"><script>", "https://a b"] {
            #expect(throws: PublicOrigin.InvalidOrigin.self, "\(bad)") { try PublicOrigin(bad) }
        }
    }

    @Test func theEnvironmentVariableSetsItOrSaysWhatIsWrong() throws {
        #expect(try PublicOrigin.fromEnvironment(environment: [:]) == nil)
        #expect(try PublicOrigin.fromEnvironment(environment: ["WEBROUTER_PUBLIC_URL": ""]) == nil)
        #expect(try PublicOrigin.fromEnvironment(environment: ["WEBROUTER_PUBLIC_URL": "https://s.example"])?.description
            == "https://s.example")
        #expect {
            try PublicOrigin.fromEnvironment(environment: ["WEBROUTER_PUBLIC_URL": "s.example"])
        } throws: { error in
            "\(error)".hasPrefix("WEBROUTER_PUBLIC_URL:")
        }
    }

    @Test func aConfiguredOriginWinsOverAnyHost() throws {
        let origins = policy { $0.publicOrigin = try? PublicOrigin("https://scores.example") }
        #expect(origins.absoluteURL(for: "/feed/match/12", request: request(["Host": "evil.example"]))
            == "https://scores.example/feed/match/12")
    }

    @Test func withoutOneOnlyAnAllowedHostIsUsed() {
        let origins = policy()
        #expect(origins.absoluteURL(for: "/feed", request: request(["Host": "127.0.0.1:8080"])) == "http://127.0.0.1:8080/feed")
        #expect(origins.absoluteURL(for: "/feed", request: request(["Host": "LOCALHOST"])) == "http://localhost/feed")
        #expect(origins.absoluteURL(for: "/feed", request: request(["Host": "[::1]:9000"])) == "http://[::1]:9000/feed")
        for host in ["evil.example", "evil.example:8080", "127.0.0.1.evil.example", "127.0.0.1@evil.example",
                     "localhost/\"><script>", "", "localhost:99999"] {
            #expect(origins.absoluteURL(for: "/feed", request: request(["Host": host])) == "/feed", "\(host)")
        }
        #expect(origins.absoluteURL(for: "/feed", request: request([:])) == "/feed")
        let custom = policy { $0.allowedHosts = ["scores.example"] }
        #expect(custom.absoluteURL(for: "/feed", request: request(["Host": "scores.example"])) == "http://scores.example/feed")
        #expect(custom.absoluteURL(for: "/feed", request: request(["Host": "127.0.0.1"])) == "/feed")
    }

    @Test func forwardedHeadersCountOnlyWhenTrusted() {
        let headers: HTTPHeaders = ["Host": "127.0.0.1", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "localhost:8443"]
        #expect(policy().absoluteURL(for: "/feed", request: request(headers)) == "http://127.0.0.1/feed")
        let trusting = policy { $0.trustsForwardedProto = true }
        #expect(trusting.absoluteURL(for: "/feed", request: request(headers)) == "https://localhost:8443/feed")
        let evil: HTTPHeaders = ["Host": "127.0.0.1", "X-Forwarded-Host": "evil.example"]
        #expect(trusting.absoluteURL(for: "/feed", request: request(evil)) == "/feed", "a forwarded host must be allowed too")
    }

    @Test func onlyLocalPathsAreMadeAbsolute() {
        let origins = policy()
        let local = request(["Host": "127.0.0.1"])
        #expect(origins.absoluteURL(for: "//evil.example/x", request: local) == "//evil.example/x")
        #expect(origins.absoluteURL(for: "https://elsewhere.example/", request: local) == "https://elsewhere.example/")
    }
}
