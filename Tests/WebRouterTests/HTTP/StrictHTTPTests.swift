import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP
import WebRouterTesting

/// RFC 9112's rules for a request's header block, over raw sockets: a missing or repeated
/// `Host`, or whitespace before a header's colon, is `400 Bad Request` with a short page,
/// and the server keeps serving.
@Suite struct StrictHTTPTests {
    static let cases: [String: String] = [
        "no Host": "GET /x HTTP/1.1\r\nConnection: close\r\n\r\n",
        "two Host headers": "GET /x HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\nConnection: close\r\n\r\n",
        "two Host headers, different case": "GET /x HTTP/1.1\r\nHost: a\r\nhOsT: a\r\nConnection: close\r\n\r\n",
        "a space before the colon": "GET /x HTTP/1.1\r\nHost : 127.0.0.1\r\nConnection: close\r\n\r\n",
        "a space before another header's colon": "GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept : */*\r\nConnection: close\r\n\r\n",
        "a tab before the colon": "GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept\t: */*\r\nConnection: close\r\n\r\n",
        // RFC 9110 §5.5: a NUL in a field value is refused, not cut there (issue 44).
        "a NUL in a header value": "GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Note: a\u{0}b\r\nConnection: close\r\n\r\n",
        "a NUL in the last header value": "GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nX-Note: a\u{0}b\r\n\r\n",
        "a NUL in the Host value": "GET /x HTTP/1.1\r\nHost: 127.0.0.1\u{0}.evil\r\nConnection: close\r\n\r\n",
        // RFC 9112 §3.2: Host is uri-host [":" port].
        "a Host with userinfo": "GET /x HTTP/1.1\r\nHost: a@b\r\nConnection: close\r\n\r\n",
        "a Host with a space": "GET /x HTTP/1.1\r\nHost: exa mple\r\nConnection: close\r\n\r\n",
        "a Host with an open bracket": "GET /x HTTP/1.1\r\nHost: [::1\r\nConnection: close\r\n\r\n",
        "a Host with a letter in its port": "GET /x HTTP/1.1\r\nHost: example.com:80a\r\nConnection: close\r\n\r\n",
        "a Host with a slash": "GET /x HTTP/1.1\r\nHost: example.com/evil\r\nConnection: close\r\n\r\n",
    ]

    /// Host values RFC 3986's authority grammar allows, which must keep passing.
    static let validHosts = [
        "example.com", "example.com:8080", "127.0.0.1", "[::1]", "[::1]:8080", "xn--bcher-kva.example", "a-b_c~d.example.",
        "localhost:", "",
    ]

    @Test(arguments: cases.keys.sorted())
    func aMalformedHeaderBlockIs400AndServingContinues(name: String) async throws {
        let raw = try #require(Self.cases[name])
        let server = try startServer(handler: echoHandler)
        let response = try await rawRequest(port: server.port, raw)
        #expect(response.status == 400, "\(name): \(response.status)")
        // Raw on purpose: the server's own bytes on a raw socket, below any TestPage.
        #expect(response.text.contains("<title>"), "\(name): the 400 has a readable page")
        #expect(!response.text.hasPrefix("GET"), "\(name): the handler did not run")
        let next = try await get(port: server.port, "/still/alive")
        #expect(next.status == 200)
        await server.stop()
    }

    @Test(arguments: validHosts)
    func aValidHostPasses(host: String) async throws {
        let server = try startServer(handler: echoHandler)
        let response = try await rawRequest(port: server.port, "GET /x HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
        #expect(response.status == 200, "Host \(host): \(response.status)")
        await server.stop()
    }

    @Test func aNULIsNamedOnThe400() async throws {
        let server = try startServer(handler: echoHandler)
        let response = try await rawRequest(port: server.port, try #require(Self.cases["a NUL in a header value"]))
        #expect(response.text.contains("NUL"))
        await server.stop()
    }

    /// Issue 44: past about 210 query parameters libmicrohttpd ran out of the connection's
    /// memory splitting the query, and the connection closed without an answer.
    @Test func aQueryOfHundredsOfParametersIsAnswered() async throws {
        let server = try startServer(handler: echoHandler)
        let query = (0..<300).map { "p\($0)=\($0)" }.joined(separator: "&")
        let response = try await get(port: server.port, "/search?" + query)
        #expect(response.status == 200)
        #expect(response.text.contains("p0=0&p1=1"))
        #expect(response.text.contains("p299=299}"))
        // A far longer one, past the header limit, is refused with a status, never a silent close.
        let huge = (0..<4000).map { "p\($0)=\($0)" }.joined(separator: "&")
        let refused = try await get(port: server.port, "/search?" + huge)
        #expect(refused.status == 414 || refused.status == 431, "\(refused.status)")
        #expect(try await get(port: server.port, "/still/alive").status == 200)
        await server.stop()
    }

    @Test func ourOwn400sSayWhatIsWrong() async throws {
        let server = try startServer(handler: echoHandler)
        let twoHosts = try await rawRequest(port: server.port, try #require(Self.cases["two Host headers"]))
        #expect(twoHosts.text.contains("more than one Host header"))
        #expect(twoHosts.headers["Content-Type"]?.hasPrefix("text/html") == true)
        await server.stop()
    }

    @Test func anHTTP10RequestNeedsNoHost() async throws {
        let server = try startServer(handler: echoHandler)
        let response = try await rawRequest(port: server.port, "GET /old HTTP/1.0\r\n\r\n")
        #expect(response.status == 200)
        #expect(response.text.hasPrefix("GET /old"))
        await server.stop()
    }

    @Test func aWellFormedRequestStillPasses() async throws {
        let server = try startServer(handler: echoHandler)
        let response = try await rawRequest(
            port: server.port, "GET /fine HTTP/1.1\r\nHost: 127.0.0.1:80\r\nAccept:*/*\r\nX-Empty:\r\nConnection: close\r\n\r\n")
        #expect(response.status == 200)
        await server.stop()
    }
}
