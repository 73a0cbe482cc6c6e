import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP

/// Header names compare ASCII case-insensitively (RFC 9110 §5.1) and nothing more.
@Suite struct HTTPHeadersTests {
    @Test(arguments: [
        ("Content-Type", "content-type", true),
        ("X-FRAME-OPTIONS", "x-frame-options", true),
        ("Cache-Control", "Cache-Control", true),
        ("", "", true),
        ("Cache-Control", "Cache-Contro", false),
        ("Cache-Control", "Cache_Control", false),
        ("Set-Cookie", "Set-Cookiz", false),
        // Only ASCII letters fold: '@' (0x40) and '`' (0x60), '[' (0x5B) and '{' (0x7B) differ.
        ("@", "`", false),
        ("[", "{", false),
        ("ÉTAT", "état", false),
        ("état", "état", true),
    ])
    func namesCompareASCIICaseInsensitively(lhs: String, rhs: String, equal: Bool) {
        #expect(HTTPHeaders.equalCaseInsensitive(lhs, rhs) == equal)
        #expect(HTTPHeaders.equalCaseInsensitive(rhs, lhs) == equal)
    }

    @Test func setReplacesEveryFieldOfTheNameInPlace() {
        var headers: HTTPHeaders = [("Vary", "Cookie"), ("cache-control", "public"), ("Set-Cookie", "a=1"),
                                    ("CACHE-CONTROL", "private")]
        headers.set(name: "Cache-Control", value: "no-store")
        #expect(headers.map(\.name) == ["Vary", "cache-control", "Set-Cookie"])
        #expect(headers["Cache-Control"] == "no-store")
        headers.set(name: "X-Frame-Options", value: "DENY")
        #expect(headers.map(\.name) == ["Vary", "cache-control", "Set-Cookie", "X-Frame-Options"])
    }
}

@Suite("Vary")
struct VaryTests {
    @Test func tokensAreAddedOnceToOneField() {
        var headers = HTTPHeaders()
        headers.addVary("Accept")
        headers.addVary("Accept-Encoding")
        headers.addVary("Accept-Encoding")
        #expect(headers.values(for: "Vary") == ["Accept, Accept-Encoding"])
        var listed: HTTPHeaders = ["Vary": "Cookie,\taccept-encoding "]
        listed.addVary("Accept-Encoding")
        #expect(listed["Vary"] == "Cookie,\taccept-encoding ")
        var star: HTTPHeaders = ["Vary": "*"]
        star.addVary("Accept")
        #expect(star["Vary"] == "*")
        var other: HTTPHeaders = ["Vary": "Accept-Language"]
        other.addVary("Accept")
        #expect(other["Vary"] == "Accept-Language, Accept")
    }

    /// A page gets both tokens at once; a page whose handler set its own `Vary` keeps it first.
    @Test func aPageVariesByAcceptAndAcceptEncodingAfterItsOwnTokens() {
        var page = HTTPHeaders()
        Application.addVaryAccept(to: &page)
        ResponseCompression.addVary(to: &page)
        #expect(page.values(for: "Vary") == ["Accept, Accept-Encoding"])
        var own: HTTPHeaders = ["vary": "Cookie"]
        Application.addVaryAccept(to: &own)
        ResponseCompression.addVary(to: &own)
        #expect(own.values(for: "Vary") == ["Cookie, Accept, Accept-Encoding"])
    }
}
