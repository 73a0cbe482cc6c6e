import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP
import WebRouterTesting

/// Each kind of bad input gets a 4xx and the server keeps serving.
@Suite struct MalformedInputTests {
    static let cases: [String: String] = [
        "malformed request line": "GARBAGE / JUNK\r\n\r\n",
        "unsupported protocol": "GET / FOO/1.1\r\nHost: x\r\n\r\n",
        "request line without version": "GET /\r\nHost: x\r\n\r\n",
        "over-long URL": "GET /" + String(repeating: "a", count: 100_000) + " HTTP/1.1\r\nHost: x\r\n\r\n",
        "over-long header block": "GET / HTTP/1.1\r\nHost: x\r\n"
            + (0..<200).map { "X-Filler-\($0): " + String(repeating: "b", count: 500) + "\r\n" }.joined() + "\r\n",
        "bad percent-encoding in the path": "GET /feed/%zz HTTP/1.1\r\nHost: x\r\n\r\n",
        "truncated percent-encoding": "GET /feed/%4 HTTP/1.1\r\nHost: x\r\n\r\n",
        "bad percent-encoding in the query": "GET /feed?q=%G1 HTTP/1.1\r\nHost: x\r\n\r\n",
        "header line without colon": "GET / HTTP/1.1\r\nHost: x\r\nNoColonHere\r\n\r\n",
    ]

    @Test(arguments: cases.keys.sorted())
    func badInputGets4xxAndServingContinues(name: String) async throws {
        let raw = try #require(Self.cases[name])
        let server = try startServer(handler: echoHandler)
        let response = try await rawRequest(port: server.port, raw)
        #expect((400..<500).contains(response.status), "\(name): \(response.status)")
        let next = try await get(port: server.port, "/still/alive")
        #expect(next.status == 200)
        #expect(next.text.hasPrefix("GET /still/alive"))
        await server.stop()
    }

    /// libmicrohttpd 0.9.75 closes the connection without an answer when the request line is
    /// a single token; the server must still keep serving.
    @Test func aOneTokenRequestLineIsDroppedAndServingContinues() async throws {
        let server = try startServer(handler: echoHandler)
        let closed = try await onOwnThread {
            let connection = try LoopbackConnection(port: server.port)
            try connection.send("GARBAGE\r\n\r\n")
            return try connection.readsEndOfStream()
        }
        #expect(closed)
        let next = try await get(port: server.port, "/still/alive")
        #expect(next.status == 200)
        await server.stop()
    }

    @Test func badPercentEncodingIs400FromUs() async throws {
        let server = try startServer(handler: echoHandler)
        let response = try await get(port: server.port, "/feed/%zz")
        #expect(response.status == 400)
        // Raw on purpose: the server's own bytes on a raw socket, below any TestPage.
        #expect(response.text.contains("<h1>400 Bad Request</h1>"))
        await server.stop()
    }
}
