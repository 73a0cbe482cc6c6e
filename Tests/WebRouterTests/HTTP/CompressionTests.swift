import Foundation
import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP
import WebRouterTesting

/// Decompresses gzip with the system's `gzip -dc`, a decoder this project did not write.
func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/gzip")
    process.arguments = ["-dc"]
    let input = Pipe(), output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data(bytes))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Array(data)
}

/// gzip for what compresses, when the client accepts it, with `Vary` on every such response.
@Suite struct CompressionTests {
    static let bigPage = "<!DOCTYPE html><title>x</title>" + String(repeating: "<p>Match 12: Lions 2 – 1 Tigers</p>\n", count: 100)

    @Test(arguments: [
        ("gzip", true), ("gzip, deflate, br", true), ("GZIP;q=0.5", true), ("x-gzip", true), ("*", true),
        ("br;q=1, *;q=0.1", true), ("gzip;q=0", false), ("gzip;q=0.000", false), ("gzip;q=0, *", false),
        ("*;q=0", false), ("br", false), ("identity", false), ("", false), ("gzip;q=x", false), ("deflate, *;q=0", false),
    ])
    func acceptEncodingIsReadWithQValues(header: String, allowsGzip: Bool) {
        #expect(AcceptEncoding.allows("gzip", in: header) == allowsGzip, "\(header)")
    }

    @Test(arguments: [
        ("gzip, deflate, br", ContentCoding.brotli), ("gzip, deflate, br, zstd", .brotli), ("gzip", .gzip),
        ("br", .brotli), ("br;q=0.5, gzip", .gzip), ("br;q=0, *", .gzip), ("*", .brotli), ("gzip;q=0, br;q=0", nil),
        ("identity", nil), ("deflate", nil),
    ])
    func theBestAcceptableCodingIsChosenBrotliOnATie(header: String, expected: ContentCoding?) {
        #expect(AcceptEncoding.preferred(in: header, among: ContentCoding.allCases) == expected, "\(header)")
    }

    @Test func brotliRoundTripsThroughTheSystemDecoder() throws {
        let bytes = Array(Self.bigPage.utf8)
        let compressed = try #require(Brotli.compress(bytes))
        #expect(compressed.count < bytes.count / 4)
        #expect(Brotli.decompress(compressed) == bytes)
        let best = try #require(Brotli.compress(bytes, quality: Brotli.bestQuality))
        #expect(Brotli.decompress(best) == bytes)
        #expect(Brotli.decompress([1, 2, 3]) == nil)
    }

    @Test func pagesAreGzippedEvenForABrowserThatAlsoAcceptsBrotli() throws {
        let page = ResponseCompression.compressed(.html(Self.bigPage), acceptEncoding: "gzip, deflate, br")
        #expect(page.headers["Content-Encoding"] == "gzip")
        #expect(page.headers["Vary"] == "Accept-Encoding")
        #expect(try gunzip(page.body) == Array(Self.bigPage.utf8))
        let brotliOnly = ResponseCompression.compressed(.html(Self.bigPage), acceptEncoding: "br")
        #expect(brotliOnly.headers["Content-Encoding"] == nil)
        #expect(brotliOnly.headers["Vary"] == "Accept-Encoding")
    }

    @Test func withoutAcceptEncodingNothingIsCompressed() {
        #expect(!AcceptEncoding.allows("gzip", in: nil))
    }

    @Test func gzipRoundTripsThroughTheSystemGzip() throws {
        let bytes = Array(Self.bigPage.utf8)
        let compressed = try #require(Gzip.compress(bytes))
        #expect(compressed.count < bytes.count / 4)
        #expect(Array(compressed.prefix(2)) == [0x1f, 0x8b], "the gzip magic number")
        #expect(try gunzip(compressed) == bytes)
        // Streams are reused: a second, different input still round-trips.
        let other = Array(("other " + Self.bigPage).utf8)
        #expect(try gunzip(try #require(Gzip.compress(other))) == other)
        #expect(try gunzip(try #require(Gzip.compress([]))) == [])
    }

    @Test func aLargePageIsGzippedWithVaryAndASmallOneOnlyGetsVary() throws {
        let page = ResponseCompression.compressed(.html(Self.bigPage), acceptEncoding: "gzip, deflate")
        #expect(page.headers["Content-Encoding"] == "gzip")
        #expect(page.headers["Vary"] == "Accept-Encoding")
        #expect(try gunzip(page.body) == Array(Self.bigPage.utf8))
        let small = ResponseCompression.compressed(.html("<p>hi</p>"), acceptEncoding: "gzip")
        #expect(small.headers["Content-Encoding"] == nil)
        #expect(small.headers["Vary"] == "Accept-Encoding")
        let refused = ResponseCompression.compressed(.html(Self.bigPage), acceptEncoding: "gzip;q=0")
        #expect(refused.headers["Content-Encoding"] == nil)
        #expect(refused.headers["Vary"] == "Accept-Encoding")
        #expect(refused.body == Array(Self.bigPage.utf8))
    }

    /// 1,100 bytes of HTML: over the old 1 KB threshold, but with `.html`'s one header it goes
    /// out in one TCP segment (1,448 bytes) as it is.
    static let oneSegmentPage = String(repeating: "<p>Lions 2, Tigers 1</p>\n", count: 44)

    @Test func aResponseThatFitsOneSegmentIsSentAsItIsWithVary() throws {
        #expect(Self.oneSegmentPage.utf8.count == 1100)
        let sent = ResponseCompression.compressed(.html(Self.oneSegmentPage), acceptEncoding: "gzip, deflate, br, zstd")
        #expect(sent.headers["Content-Encoding"] == nil)
        #expect(sent.headers["Vary"] == "Accept-Encoding", "a cache must still key it by Accept-Encoding")
        #expect(sent.body == Array(Self.oneSegmentPage.utf8))
        #expect(ResponseCompression.fitsOneSegment(bodyCount: sent.body.count, headers: sent.headers))
    }

    @Test func theSameBodyBehindALargeHeadIsCompressed() throws {
        // A page's security headers and cookies take the segment the body would have fit in.
        var response = HTTPResponse.html(Self.oneSegmentPage)
        response.headers.set(name: "Content-Security-Policy", value: "default-src 'self'; " + String(repeating: "img-src 'self' data:; ", count: 20))
        let sent = ResponseCompression.compressed(response, acceptEncoding: "gzip, deflate, br, zstd")
        #expect(sent.headers["Content-Encoding"] == "gzip")
        #expect(sent.headers["Vary"] == "Accept-Encoding")
        #expect(try gunzip(sent.body) == Array(Self.oneSegmentPage.utf8))
        // Without the header's bytes it would have fit: the head counts, not the body alone.
        #expect(!ResponseCompression.fitsOneSegment(bodyCount: 1100, headers: response.headers))
        #expect(ResponseCompression.fitsOneSegment(bodyCount: 1100, headers: HTTPResponse.html("").headers))
    }

    @Test func oneByteOverTheSegmentIsCompressed() throws {
        var headers = HTTPResponse.html("").headers
        ResponseCompression.addVary(to: &headers)  // as the step adds it before choosing
        var head = ResponseCompression.framingBytes
        for field in headers { head += field.name.utf8.count + field.value.utf8.count + 4 }
        let fits = ResponseCompression.segmentPayload - head
        #expect(ResponseCompression.fitsOneSegment(bodyCount: fits, headers: headers))
        #expect(!ResponseCompression.fitsOneSegment(bodyCount: fits + 1, headers: headers))
        let page = String(repeating: "a", count: fits + 1)
        #expect(ResponseCompression.compressed(.html(page), acceptEncoding: "gzip").headers["Content-Encoding"] == "gzip")
        let small = String(repeating: "a", count: fits)
        #expect(ResponseCompression.compressed(.html(small), acceptEncoding: "gzip").headers["Content-Encoding"] == nil)
    }

    @Test func incompressibleTypesAreLeftAlone() {
        var png = HTTPResponse(status: .ok, body: Array(repeating: 7, count: 4096))
        png.headers.set(name: "Content-Type", value: "image/png")
        let sent = ResponseCompression.compressed(png, acceptEncoding: "gzip")
        #expect(sent.headers["Content-Encoding"] == nil)
        #expect(sent.headers["Vary"] == nil)
    }

    @Test func anETagGetsTheGzipSuffixAndVaryIsMergedOnce() {
        var response = HTTPResponse.html(Self.bigPage)
        response.headers.set(name: "ETag", value: "\"abc\"")
        response.headers.set(name: "Vary", value: "Cookie")
        let sent = ResponseCompression.compressed(response, acceptEncoding: "gzip")
        #expect(sent.headers["ETag"] == "\"abc-gz\"")
        #expect(sent.headers["Vary"] == "Cookie, Accept-Encoding")
        #expect(ContentCoding.gzip.etag(for: "W/\"abc\"") == "W/\"abc-gz\"")
        #expect(ContentCoding.brotli.etag(for: "\"abc\"") == "\"abc-br\"")
    }

    @Test func theLiveServerSendsAOneSegmentPageAsItIsWithVary() async throws {
        let server = try startServer { _ in .html(Self.oneSegmentPage) }
        let sent = try await get(port: server.port, "/page", headers: [("Accept-Encoding", "gzip, deflate, br, zstd")])
        #expect(sent.headers["Content-Encoding"] == nil)
        #expect(sent.headers["Vary"] == "Accept-Encoding")
        #expect(sent.text == Self.oneSegmentPage)
        await server.stop()
    }

    @Test func theLiveServerGzipsPagesForClientsThatAskAndOnlyThem() async throws {
        let server = try startServer { _ in .html(Self.bigPage) }
        let gzipped = try await get(port: server.port, "/page", headers: [("Accept-Encoding", "gzip")])
        #expect(gzipped.headers["Content-Encoding"] == "gzip")
        #expect(gzipped.headers["Vary"] == "Accept-Encoding")
        #expect(try gunzip(gzipped.body) == Array(Self.bigPage.utf8))
        let head = try await get(port: server.port, "/page", method: "HEAD", headers: [("Accept-Encoding", "gzip")])
        #expect(head.headers["Content-Length"] == String(gzipped.body.count), "HEAD and GET agree")
        #expect(head.headers["Content-Encoding"] == "gzip")
        let browser = try await get(port: server.port, "/page", headers: [("Accept-Encoding", "gzip, deflate, br")])
        #expect(browser.headers["Content-Encoding"] == "gzip")
        #expect(try gunzip(browser.body) == Array(Self.bigPage.utf8))
        let plain = try await get(port: server.port, "/page")
        #expect(plain.headers["Content-Encoding"] == nil)
        #expect(plain.headers["Vary"] == "Accept-Encoding")
        #expect(plain.text == Self.bigPage)
        await server.stop()
    }
}
