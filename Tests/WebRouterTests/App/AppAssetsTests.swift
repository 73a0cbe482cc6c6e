import Foundation
import Testing
@testable import WebRouter
import WebRouterTesting

/// An app's own files, compiled in or from a resource bundle, served like the framework's:
/// linked by logical name, content-hashed, immutable, precompressed, with no public directory.
@Suite("App assets")
struct AppAssetsTests {
    static let css = Array((".trip { color: #0a7d4f; }\n" + String(repeating: ".pad { margin: 0; }\n", count: 40)).utf8)
    static let assets = AppAssets(["travel.css": css, "img/logo.svg": Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)])

    static func app(stylesheets: [String] = ["travel.css"], icon: String? = "img/logo.svg") -> Application {
        var configuration = ApplicationConfiguration(appName: "Scores")
        configuration.layout = PageLayout(stylesheets: stylesheets, icon: icon, assets: assets)
        return Application(table: SeedTree.table, configuration: configuration)
    }

    @Test(arguments: [TestClient.Mode.inProcess, .live])
    func aPageLinksTheAppStylesheetByItsHashedURL(mode: TestClient.Mode) async throws {
        let app = Self.app()
        try await app.test(mode) { client in
            let page = try await client.get("/feed")
            let url = Self.assets.url("travel.css")
            #expect(url.hasPrefix("/_webrouter/app/travel.") && url.hasSuffix(".css") && url != "/_webrouter/app/travel.css")
            #expect(page.stylesheets == [page.stylesheets[0], url], "after the framework's own")
            #expect(app.assetURL("img/logo.svg") == Self.assets.url("img/logo.svg"))
            let css = try await client.request(.get, url, headers: [("Accept-Encoding", "identity")])
            #expect(css.status == .ok)
            #expect(css.headers["Content-Type"] == "text/css; charset=utf-8")
            #expect(css.headers["Cache-Control"] == "public, max-age=31536000, immutable")
            #expect(css.body == Self.css)
            let icon = try await client.request(.get, app.assetURL("img/logo.svg"))
            #expect(icon.status == .ok && icon.headers["Content-Type"] == "image/svg+xml")
        }
    }

    @Test func itIsServedPrecompressed() async throws {
        try await Self.app().test(.live) { client in
            let url = Self.assets.url("travel.css")
            for coding in ["br", "gzip"] {
                let compressed = try await client.request(.get, url, headers: [("Accept-Encoding", coding)])
                #expect(compressed.headers["Content-Encoding"] == coding)
                #expect(compressed.headers["Vary"] == "Accept-Encoding")
            }
        }
    }

    @Test(arguments: ["/_webrouter/app/travel.css", "/_webrouter/app/travel.0000000000000000.css", "/_webrouter/app/nope.css"])
    func anOldOrUnknownNameIsNotFound(path: String) async throws {
        try await Self.app().test { client in
            let page = try await client.get(path)
            #expect(page.status == .notFound)
        }
    }

    @Test func aNameTheAssetsDoNotHoldIsReportedAtStartUp() {
        let app = Self.app(stylesheets: ["travel.css", "missing.css"], icon: nil)
        let problems = app.missingLayoutFiles(ServerConfiguration())
        #expect(problems.count == 1)
        #expect(problems.first?.contains("missing.css") == true)
    }

    @Test func theWarningForAStaticFileNamesTheFlag() {
        let app = Self.app(stylesheets: ["/static/app.css"], icon: nil)
        let problems = app.missingLayoutFiles(ServerConfiguration())
        #expect(problems.first?.contains("--public") == true)
        #expect(problems.first?.contains("ServerConfiguration") == false)
    }

    @Test func filesOfAResourceBundle() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("app-assets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(Self.css).write(to: directory.appendingPathComponent("travel.css"))
        let bundle = try #require(Bundle(path: directory.path))
        let assets = try AppAssets(bundle: bundle, ["travel.css"])
        #expect(assets.url("travel.css") == Self.assets.url("travel.css"), "the same bytes, the same URL")
        #expect(throws: AppAssetError.self) { try AppAssets(bundle: bundle, ["nope.css"]) }
    }
}
