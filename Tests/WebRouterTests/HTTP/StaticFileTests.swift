import Foundation
import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP

/// A temporary public directory with a secret next to it and symlinks pointing out.
struct StaticFixture {
    static let largeCSS = (0..<200).map { ".rule-\($0) { color: #123456; margin: 0 auto; }\n" }.joined()
    let root: String
    var `public`: String { root + "/public" }

    init() throws {
        let manager = FileManager.default
        root = NSTemporaryDirectory() + "webrouter-static-" + UUID().uuidString
        try manager.createDirectory(atPath: root + "/public/css", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: root + "/outside", withIntermediateDirectories: true)
        try Data("body { color: red }\n".utf8).write(to: URL(fileURLWithPath: root + "/public/css/site.css"))
        try Data("<svg/>".utf8).write(to: URL(fileURLWithPath: root + "/public/logo.svg"))
        try Data(StaticFixture.largeCSS.utf8).write(to: URL(fileURLWithPath: root + "/public/css/large.css"))
        try Data("hidden".utf8).write(to: URL(fileURLWithPath: root + "/public/.env"))
        try Data("secret".utf8).write(to: URL(fileURLWithPath: root + "/outside/secret.txt"))
        try manager.createSymbolicLink(atPath: root + "/public/out", withDestinationPath: root + "/outside")
        try manager.createSymbolicLink(
            atPath: root + "/public/leak.txt", withDestinationPath: root + "/outside/secret.txt")
        try manager.createSymbolicLink(atPath: root + "/public/alias.svg", withDestinationPath: "logo.svg")
    }
}

@Suite struct StaticFileTests {
    @Test func servesFilesWithTypeValidatorsAndCacheControl() async throws {
        let fixture = try StaticFixture()
        let server = try startServer({ $0.publicDirectory = fixture.public }) { _ in .text("handler") }
        let css = try await get(port: server.port, "/static/css/site.css")
        #expect(css.status == 200)
        #expect(css.text == "body { color: red }\n")
        #expect(css.headers["Content-Type"] == "text/css; charset=utf-8")
        #expect(css.headers["Cache-Control"] == "public, max-age=3600")
        #expect(css.headers["ETag"]?.hasPrefix("\"") == true)
        #expect(css.headers["Last-Modified"]?.hasSuffix(" GMT") == true)
        let svg = try await get(port: server.port, "/static/alias.svg")
        #expect(svg.headers["Content-Type"] == "image/svg+xml")
        let head = try await get(port: server.port, "/static/css/site.css", method: "HEAD")
        #expect(head.status == 200)
        #expect(head.headers["Content-Length"] == "20")
        #expect(head.body.isEmpty)
        await server.stop()
    }

    @Test func revalidationAnswers304() async throws {
        let fixture = try StaticFixture()
        let server = try startServer({ $0.publicDirectory = fixture.public }) { _ in .text("handler") }
        let first = try await get(port: server.port, "/static/css/site.css")
        let etag = try #require(first.headers["ETag"])
        let lastModified = try #require(first.headers["Last-Modified"])
        let byETag = try await get(port: server.port, "/static/css/site.css", headers: [("If-None-Match", etag)])
        #expect(byETag.status == 304)
        #expect(byETag.headers["ETag"] == etag)
        let byDate = try await get(
            port: server.port, "/static/css/site.css", headers: [("If-Modified-Since", lastModified)])
        #expect(byDate.status == 304)
        let changed = try await get(
            port: server.port, "/static/css/site.css", headers: [("If-None-Match", "\"other\"")])
        #expect(changed.status == 200)
        #expect(changed.text == "body { color: red }\n")
        // A changed file gets a new validator.
        try Data("body { color: blue }\n".utf8).write(to: URL(fileURLWithPath: fixture.public + "/css/site.css"))
        let updated = try await get(port: server.port, "/static/css/site.css", headers: [("If-None-Match", etag)])
        #expect(updated.status == 200)
        #expect(updated.text == "body { color: blue }\n")
        await server.stop()
    }

    @Test(arguments: [
        "/static/../outside/secret.txt",
        "/static/%2e%2e/outside/secret.txt",
        "/static/%2E%2E%2Foutside%2Fsecret.txt",
        "/static/css/..%2f..%2foutside/secret.txt",
        "/static//etc/passwd",
        "/static/%2fetc%2fpasswd",
        "/static/out/secret.txt",
        "/static/leak.txt",
        "/static/.env",
        "/static/css",
        "/static/css/",
        "/static/css%00.css",
    ])
    func nothingOutsideThePublicDirectoryIsReachable(target: String) async throws {
        let fixture = try StaticFixture()
        let server = try startServer({ $0.publicDirectory = fixture.public }) { _ in .text("handler saw it") }
        let response = try await get(port: server.port, target)
        #expect(response.status == 404)
        #expect(!response.text.contains("secret"))
        #expect(!response.text.contains("handler saw it"))
        await server.stop()
    }

    @Test func onlyGetAndHeadReachStaticFiles() async throws {
        let fixture = try StaticFixture()
        let server = try startServer({ $0.publicDirectory = fixture.public }) { _ in .text("handler") }
        let response = try await post(port: server.port, "/static/logo.svg", contentType: "text/plain", body: [])
        #expect(response.status == 405)
        #expect(response.headers["Allow"] == "GET, HEAD")
        await server.stop()
    }

    @Test func staticFilesAnswerOptionsAndRefuseUnknownMethodsWith501() async throws {
        let fixture = try StaticFixture()
        let server = try startServer({ $0.publicDirectory = fixture.public }) { _ in .text("handler") }
        let options = try await get(port: server.port, "/static/logo.svg", method: "OPTIONS")
        #expect(options.status == 204)
        #expect(options.headers["Allow"] == "GET, HEAD")
        let put = try await get(port: server.port, "/static/logo.svg", method: "PUT")
        #expect(put.status == 405)
        #expect(put.headers["Allow"] == "GET, HEAD")
        let unknown = try await get(port: server.port, "/static/logo.svg", method: "FOO")
        #expect(unknown.status == 501)
        await server.stop()
    }

    @Test func staticResponsesCarryNosniff() async throws {
        let fixture = try StaticFixture()
        let server = try startServer({ $0.publicDirectory = fixture.public }) { _ in .text("handler") }
        let css = try await get(port: server.port, "/static/css/site.css")
        #expect(css.headers["X-Content-Type-Options"] == "nosniff")
        let revalidated = try await get(
            port: server.port, "/static/css/site.css", headers: [("If-None-Match", try #require(css.headers["ETag"]))])
        #expect(revalidated.status == 304)
        #expect(revalidated.headers["X-Content-Type-Options"] == "nosniff")
        await server.stop()
    }

    @Test func failedIfMatchAndIfUnmodifiedSinceAre412() async throws {
        let fixture = try StaticFixture()
        let server = try startServer({ $0.publicDirectory = fixture.public }) { _ in .text("handler") }
        let first = try await get(port: server.port, "/static/css/site.css")
        let etag = try #require(first.headers["ETag"])
        let path = "/static/css/site.css"
        #expect(try await get(port: server.port, path, headers: [("If-Match", etag)]).status == 200)
        #expect(try await get(port: server.port, path, headers: [("If-Match", "\"x\", " + etag)]).status == 200)
        #expect(try await get(port: server.port, path, headers: [("If-Match", "*")]).status == 200)
        let stale = try await get(port: server.port, path, headers: [("If-Match", "\"stale\"")])
        #expect(stale.status == 412)
        #expect(stale.text.contains("412 Precondition Failed"))
        #expect(try await get(port: server.port, path, headers: [("If-Match", "W/" + etag)]).status == 412,
                "If-Match compares strongly")
        let old = "Thu, 01 Jan 1998 00:00:00 GMT"
        #expect(try await get(port: server.port, path, headers: [("If-Unmodified-Since", old)]).status == 412)
        let future = "Fri, 01 Jan 2100 00:00:00 GMT"
        #expect(try await get(port: server.port, path, headers: [("If-Unmodified-Since", future)]).status == 200)
        // If-Match is evaluated first, and If-Unmodified-Since is then ignored (RFC 9110 §13.2.2).
        #expect(try await get(port: server.port, path, headers: [("If-Match", etag), ("If-Unmodified-Since", old)]).status == 200)
        await server.stop()
    }

    @Test func aCompressibleFileHasGzipAndBrotliVariantsWithTheirOwnETags() async throws {
        let fixture = try StaticFixture()
        let server = try startServer({ $0.publicDirectory = fixture.public }) { _ in .text("handler") }
        let path = "/static/css/large.css"
        let plain = try await get(port: server.port, path)
        let gzipped = try await get(port: server.port, path, headers: [("Accept-Encoding", "gzip")])
        #expect(plain.headers["Content-Encoding"] == nil)
        #expect(plain.headers["Vary"] == "Accept-Encoding")
        #expect(gzipped.headers["Content-Encoding"] == "gzip")
        #expect(gzipped.headers["Vary"] == "Accept-Encoding")
        #expect(try gunzip(gzipped.body) == Array(StaticFixture.largeCSS.utf8))
        let plainTag = try #require(plain.headers["ETag"]), gzipTag = try #require(gzipped.headers["ETag"])
        #expect(gzipTag == String(plainTag.dropLast()) + "-gz\"")
        // Each variant revalidates with its own tag, and the 304 names the variant's tag.
        let again = try await get(port: server.port, path, headers: [("Accept-Encoding", "gzip"), ("If-None-Match", gzipTag)])
        #expect(again.status == 304)
        #expect(again.headers["ETag"] == gzipTag)
        #expect(again.headers["Vary"] == "Accept-Encoding")
        let crossed = try await get(port: server.port, path, headers: [("If-None-Match", gzipTag)])
        #expect(crossed.status == 200, "the gzip tag does not validate the plain bytes")
        #expect(try await get(port: server.port, path, headers: [("If-None-Match", plainTag)]).status == 304)
        // A browser that also accepts brotli gets the brotli variant, with its own tag.
        let brotli = try await get(port: server.port, path, headers: [("Accept-Encoding", "gzip, deflate, br")])
        #expect(brotli.headers["Content-Encoding"] == "br")
        #expect(brotli.headers["ETag"] == String(plainTag.dropLast()) + "-br\"")
        #expect(Brotli.decompress(brotli.body) == Array(StaticFixture.largeCSS.utf8))
        // Small files are not worth a variant.
        let small = try await get(port: server.port, "/static/css/site.css", headers: [("Accept-Encoding", "gzip")])
        #expect(small.headers["Content-Encoding"] == nil)
        #expect(small.text == "body { color: red }\n")
        await server.stop()
    }
}
