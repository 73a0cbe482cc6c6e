import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP

/// Every page carries the five security headers once, whatever the handler put there first.
@Suite struct SecurityHeadersTests {
    @Test func aPlainResponseGainsAllFiveAfterItsOwnHeaders() {
        var response = HTTPResponse.html("<p>hi</p>")
        SecurityHeaders.apply(to: &response.headers)
        #expect(response.headers.map(\.name) == [
            "Content-Type", "Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy",
            "X-Frame-Options", "Cache-Control",
        ])
        #expect(response.headers["x-frame-options"] == "SAMEORIGIN")
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

    @Test func pagesMayBeFramedBySameOriginPagesButFrameNothing() {
        let policy = SecurityHeaders.contentSecurityPolicy
        #expect(policy.contains("frame-ancestors 'self'"))
        #expect(policy.contains("frame-src 'none'"))
        #expect(!policy.contains("frame-src 'self'"))
    }

    @Test func theStoryboardAloneFramesItsOwnOrigin() {
        var response = HTTPResponse.html("<p>map</p>")
        SecurityHeaders.applyForStoryboard(to: &response.headers)
        let policy = try! #require(response.headers["Content-Security-Policy"])
        #expect(policy == SecurityHeaders.storyboardContentSecurityPolicy)
        #expect(policy.contains("frame-src 'self'") && policy.contains("frame-ancestors 'self'"))
        // Everything else is the ordinary policy.
        #expect(policy.replacingOccurrences(of: "frame-src 'self'", with: "frame-src 'none'") == SecurityHeaders.contentSecurityPolicy)
        #expect(response.headers["X-Frame-Options"] == "SAMEORIGIN")
        #expect(response.headers.count == 6)
    }
}
