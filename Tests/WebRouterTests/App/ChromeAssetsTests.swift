import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP
import WebRouterTesting

/// The chrome's stylesheet, script and icon come from the framework itself: an app with no
/// `Public/` folder gets fully styled pages.
@Suite("Chrome assets")
struct ChromeAssetsTests {
    let app = Application(table: SeedTree.table, configuration: .init(appName: "Scores"))

    @Test func aPageLinksTheFrameworkStylesheetAndScriptByContentHash() async throws {
        try await app.test { client in
            let page = try await client.get("/feed")
            let stylesheet = try #require(page.stylesheets.first)
            #expect(stylesheet.hasPrefix("/_webrouter/webrouter.") && stylesheet.hasSuffix(".css"))
            #expect(page.scripts.first?.hasPrefix("/_webrouter/webrouter.") == true)
        }
    }

    @Test(arguments: [TestClient.Mode.inProcess, .live])
    func theStylesheetIsServedImmutableWithoutAPublicDirectory(mode: TestClient.Mode) async throws {
        try await app.test(mode) { client in
            let page = try await client.get("/feed")
            let css = try await client.get(try #require(page.stylesheets.first))
            #expect(css.status == .ok)
            #expect(css.headers["Content-Type"] == "text/css; charset=utf-8")
            #expect(css.headers["Cache-Control"] == "public, max-age=31536000, immutable")
            #expect(css.headers["X-Content-Type-Options"] == "nosniff")
            #expect(css.text.contains(".tabbar"))
            let script = try await client.get(try #require(page.scripts.first))
            #expect(script.status == .ok && script.headers["Content-Type"] == "text/javascript; charset=utf-8")
            let icon = try await client.get(ChromeAssets.icon.url)
            #expect(icon.status == .ok && icon.headers["Content-Type"] == "image/svg+xml")
        }
    }

    @Test func aCurrentCopyIsNotSentAgain() async throws {
        try await app.test { client in
            let asset = ChromeAssets.stylesheet
            let again = try await client.request(.get, asset.url, headers: [("If-None-Match", asset.file.etag)])
            #expect(again.status == .notModified && again.body.isEmpty)
        }
    }

    @Test(arguments: ["/_webrouter/webrouter.0000000000000000.css", "/_webrouter/webrouter.css", "/_webrouter/", "/_webrouter/../etc/passwd"])
    func anyOtherNameUnderThePrefixIsNotFound(path: String) async throws {
        try await app.test { client in
            let page = try await client.get(path)
            #expect(page.status == .notFound)
        }
    }

    @Test func theStylesheetIsCompressedWhenTheClientAcceptsIt() async throws {
        try await app.test(.live) { client in
            let url = ChromeAssets.stylesheet.url
            let gzip = try await client.request(.get, url, headers: [("Accept-Encoding", "gzip")])
            #expect(gzip.headers["Content-Encoding"] == "gzip" && gzip.headers["Vary"] == "Accept-Encoding")
            #expect(gzip.body.count < ChromeAssets.stylesheet.bytes.count / 2)
            let plain = try await client.request(.get, url, headers: [("Accept-Encoding", "identity")])
            #expect(plain.headers["Content-Encoding"] == nil && plain.body == ChromeAssets.stylesheet.bytes)
        }
    }

    @Test func onlyGetAndHeadAreAnswered() async throws {
        try await app.test { client in
            let post = try await client.request(.post, ChromeAssets.stylesheet.url)
            #expect(post.status == .methodNotAllowed && post.headers["Allow"] == "GET, HEAD")
        }
    }

    @Test func theHashFollowsTheBytes() {
        let one = ChromeAsset(name: "a.css", contentType: "text/css", bytes: Array("a{}".utf8))
        let two = ChromeAsset(name: "a.css", contentType: "text/css", bytes: Array("b{}".utf8))
        #expect(one.url != two.url)
        #expect(one.url == "/_webrouter/a.\(one.hash).css" && one.hash.utf8.count == 16)
    }

    @Test func aLayoutLinkingAMissingStaticFileIsReportedAtStartUp() throws {
        var configuration = ApplicationConfiguration(appName: "Scores")
        configuration.layout = PageLayout(stylesheets: ["/static/app.css", "https://cdn.example/x.css"], icon: "/static/icon.svg")
        let app = Application(table: SeedTree.table, configuration: configuration)
        let withoutDirectory = app.missingLayoutFiles(ServerConfiguration())
        #expect(withoutDirectory.count == 2)
        #expect(withoutDirectory.first?.contains("/static/app.css") == true)
        let missing = app.missingLayoutFiles(ServerConfiguration(publicDirectory: "/nonexistent-public"))
        #expect(missing.count == 2 && missing.allSatisfy { $0.contains("does not exist") })
    }

    @Test func aTabCannotTakeTheReservedPrefix() {
        struct Assets: ContentScreen {
            func body(_ context: Void, router: Router<Assets>) -> some HTML { p { "x" } }
        }
        #expect(throws: RouteTableError.self) {
            try Application(Window(Tabs { Navigation(Assets().named("_webrouter")) }))
        }
    }
}
