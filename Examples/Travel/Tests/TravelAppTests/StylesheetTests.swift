import Testing
import WebRouter
import WebRouterTesting
import TravelApp

/// Travel's own stylesheet is compiled in: pages link it by its content-hashed URL, after the
/// framework's stylesheet and the theme, and it is served immutable, compressed, with no
/// Public/ folder.
@Suite struct StylesheetTests {
    @Test(arguments: [TestClient.Mode.inProcess, .live])
    func pagesLinkTheEmbeddedStylesheet(mode: TestClient.Mode) async throws {
        let app = try TravelApp.make(secret: .random())
        try await app.test(mode) { client in
            let page = try await client.get("/welcome")
            let url = app.assetURL("travel.css")
            #expect(page.stylesheets.last == url, "linked last, so its rules win")
            #expect(url.hasPrefix("/_webrouter/app/travel.") && url.hasSuffix(".css"))
            let css = try await client.request(.get, url, headers: [("Accept-Encoding", "br")])
            try css.expect(status: 200)
            #expect(css.headers["Content-Type"] == "text/css; charset=utf-8")
            #expect(css.headers["Cache-Control"]?.contains("immutable") == true)
            #expect(css.headers["Content-Encoding"] == "br")
        }
    }
}
