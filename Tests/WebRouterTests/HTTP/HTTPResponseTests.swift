import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP

/// A response's body reads the same whether a handler gave an array or the page was kept in
/// its render buffer, and the server sends exactly those bytes.
@Suite struct HTTPResponseTests {
    @Test func aRenderedPageReadsBackAsTheBytesItWasRenderedInto() {
        var output = HTMLOutput(capacity: 8)
        output.appendRaw("<p>")
        output.appendEscapedText("1 < 2 & \"three\"")
        output.appendRaw("</p>")
        let expected = output.bytes
        var response = HTTPResponse.html(rendered: output, status: .ok)
        #expect(response.body == expected)
        #expect(response.payload?.count == expected.count)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        response.body = Array("replaced".utf8)
        #expect(response.body == Array("replaced".utf8))
        response.body = []
        #expect(response.body.isEmpty)
        #expect(response.payload == nil)
    }

    /// The body keeps the render buffer's memory: a copy of the buffer taken before, written to
    /// afterwards (enough to outgrow the memory), continues elsewhere and leaves the body as it was.
    @Test func aCopyOfTheRenderBufferWrittenAfterwardsLeavesTheBodyAlone() {
        var output = HTMLOutput(capacity: 64)
        output.appendRaw("<p>sent</p>")
        var copy = output
        let response = HTTPResponse.html(rendered: output, status: .ok)
        for _ in 0..<100 { copy.appendRaw("<p>written later, past the first capacity</p>") }
        #expect(response.body == Array("<p>sent</p>".utf8))
        #expect(copy.count == 11 + 100 * 45)
        #expect(copy.bytes.starts(with: Array("<p>sent</p>".utf8)))
    }

    @Test func aRenderedPageIsSentByteForByte() async throws {
        let page = String(repeating: "<li>é &amp; ok</li>", count: 500)
        let server = try startServer { _ in
            var output = HTMLOutput(capacity: 64)
            output.appendRaw(page)
            return .html(rendered: output, status: .ok)
        }
        let response = try await get(port: server.port, "/")
        #expect(response.status == 200)
        #expect(response.text == page)
        #expect(response.headers["content-length"] == String(page.utf8.count))
        await server.stop()
    }
}
