import Foundation
import Testing
import WebRouter
import WebRouterTesting
@testable import webapp

/// The demo's web app manifest and the tags every page carries for installing it.
@Suite("Installable: web app manifest")
struct WebAppManifestTests {
    static func manifest(_ client: TestClient) async throws -> [String: Any] {
        let page = try await client.get("/_webrouter/manifest.webmanifest")
        #expect(page.status.code == 200)
        #expect(page.headers["Content-Type"] == "application/manifest+json")
        #expect(page.headers["ETag"] != nil)
        return try #require(try JSONSerialization.jsonObject(with: Data(page.body)) as? [String: Any])
    }

    /// The theme's accent fills, light and dark (the framework's blue without a theme).
    static func fills(_ fixture: ScoresFixture) -> (light: String, dark: String) {
        fixture.app.configuration.layout.theme.map { ($0.light.fill.description, $0.dark.fill.description) }
            ?? ("#0060df", "#0066dd")
    }

    @Test("the manifest names the app, starts at / in standalone, with the theme's colours, icons and tabs as shortcuts")
    func manifestFields() async throws {
        let fixture = try await ScoresFixture()
        let client = try TestClient(fixture.app, publicDirectory: Browser.publicDirectory)
        let manifest = try await Self.manifest(client)
        let name = fixture.app.configuration.appName
        #expect(manifest["name"] as? String == name)
        #expect(manifest["short_name"] as? String == name)
        #expect(manifest["start_url"] as? String == "/")
        #expect(manifest["scope"] as? String == "/")
        #expect(manifest["id"] as? String == "/")
        #expect(manifest["display"] as? String == "standalone")
        #expect(manifest["theme_color"] as? String == Self.fills(fixture).light)
        #expect(manifest["background_color"] as? String == "#f2f2f7")
        let shortcuts = try #require(manifest["shortcuts"] as? [[String: Any]])
        #expect(shortcuts.map { $0["url"] as? String } == ["/feed", "/search", "/dashboard", "/messages"])
        #expect(shortcuts.map { $0["name"] as? String } == ["Feed", "Search", "Dashboard", "Messages"])
        // Every icon is served, PNGs at the size they claim (the IHDR's width and height).
        let icons = try #require(manifest["icons"] as? [[String: Any]])
        let sizes = Set(icons.compactMap { $0["sizes"] as? String })
        #expect(sizes.isSuperset(of: ["192x192", "512x512"]))
        for icon in icons {
            let src = try #require(icon["src"] as? String)
            let file = try await client.get(src)
            #expect(file.status.code == 200, "\(src)")
            #expect(file.headers["Content-Type"] == icon["type"] as? String, "\(src)")
            if icon["type"] as? String == "image/png", let size = icon["sizes"] as? String {
                let bytes = file.body
                let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
                let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
                #expect("\(width)x\(height)" == size, "\(src)")
            }
        }
    }

    @Test("every page links the manifest, carries the theme colours light and dark, and the tags iOS reads")
    func headTags() async throws {
        let fixture = try await ScoresFixture()
        let fills = Self.fills(fixture)
        for (client, url) in [(try fixture.visitor(), "/welcome"), (try await fixture.signedIn(), "/search/~user/7/team/3"),
                              (try fixture.visitor(), "/no-such-page")] {
            let page = try await client.get(url)
            let head = try #require(page.document.first { $0.tag == "head" })
            func link(_ rel: String) -> String? { head.first { $0.tag == "link" && $0["rel"] == rel }?["href"] }
            func meta(_ name: String) -> [String] { head.all { $0.tag == "meta" && $0["name"] == name }.compactMap { $0["content"] } }
            #expect(link("manifest") == "/_webrouter/manifest.webmanifest", "\(url)")
            #expect(link("apple-touch-icon") == "/static/icon-192.png", "\(url)")
            #expect(meta("apple-mobile-web-app-capable") == ["yes"], "\(url)")
            #expect(meta("mobile-web-app-capable") == ["yes"], "\(url)")
            #expect(meta("apple-mobile-web-app-title") == [fixture.app.configuration.appName], "\(url)")
            #expect(meta("theme-color") == [fills.light, fills.dark], "\(url)")
        }
    }

    @Test("an app's own names and icons replace the defaults")
    func appIcons() async throws {
        let fixture = try ScoresFixture(data: await DemoData.forTests()) { configuration in
            configuration.installable = InstallableApp(name: "Scores Live", shortName: "Scores",
                                                       icons: [AppIcon("/static/big.png", sizes: "512x512"),
                                                               AppIcon("/static/small.png", sizes: "192x192")])
        }
        let client = try fixture.visitor()
        let manifest = try await Self.manifest(client)
        #expect(manifest["name"] as? String == "Scores Live")
        #expect(manifest["short_name"] as? String == "Scores")
        let icons = try #require(manifest["icons"] as? [[String: Any]])
        #expect(icons.map { $0["src"] as? String } == ["/static/big.png", "/static/small.png"])
        #expect(icons.map { $0["type"] as? String } == ["image/png", "image/png"])
        let page = try await client.get("/welcome")
        #expect(page.document.first { $0.tag == "link" && $0["rel"] == "apple-touch-icon" }?["href"] == "/static/small.png")
    }
}
