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
