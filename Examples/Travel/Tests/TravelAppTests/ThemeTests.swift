import Testing
import WebRouter
import WebRouterTesting
import TravelApp

/// The brand colour set with one line reaches every page: a stylesheet linked after the
/// framework's, served like the framework's own assets.
@Suite struct ThemeTests {
    @Test func pagesLinkTheBrandColour() async throws {
        let app = try TravelApp.make(secret: .random())
        try await app.test(.inProcess) { client in
            let page = try await client.get("/welcome")
            let theme = try #require(page.stylesheets.first { $0.hasPrefix("/_webrouter/theme.") })
            #expect(page.stylesheets.firstIndex(of: theme) == 1, "right after the framework's stylesheet")
            let css = try await client.request(.get, theme)
            try css.expect(status: 200)
            #expect(css.headers["Content-Type"] == "text/css; charset=utf-8")
            #expect(css.headers["Cache-Control"]?.contains("immutable") == true)
            #expect(css.text.contains("--accent: #0a7d4f;"))
        }
    }
}
