import Testing
@testable import WebRouter

/// Every page carries the five security headers once, whatever the handler put there first.
@Suite struct SecurityHeadersTests {
    @Test func aPlainResponseGainsAllFiveAfterItsOwnHeaders() {
        var response = HTTPResponse.html("<p>hi</p>")
        SecurityHeaders.apply(to: &response.headers)
        #expect(response.headers.map(\.name) == [
            "Content-Type", "Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy",
            "X-Frame-Options", "Cache-Control",
        ])
        #expect(response.headers["x-frame-options"] == "DENY")
        #expect(response.headers["Cache-Control"] == "no-store")
    }

    @Test func oneTheHandlerSetIsReplacedNotRepeated() {
        var response = HTTPResponse.html("<p>hi</p>")
        response.headers.add(name: "cache-control", value: "public, max-age=60")
        response.headers.add(name: "Set-Cookie", value: "a=1")
        response.headers.add(name: "Cache-Control", value: "private")
        SecurityHeaders.apply(to: &response.headers)
        #expect(response.headers.filter { HTTPHeaders.equalCaseInsensitive($0.name, "Cache-Control") }.count == 1)
        #expect(response.headers["Cache-Control"] == "no-store")
        #expect(response.headers["Set-Cookie"] == "a=1")
        #expect(response.headers["Content-Security-Policy"] == SecurityHeaders.contentSecurityPolicy)
        #expect(response.headers.count == 7)
    }
}
