import Testing
@testable import WebRouter
import WebRouterTesting

@Suite("A theme on PageLayout")
struct ThemeTests {
    @Test func oneColourDerivesItsCompanionsInLightAndDark() {
        let theme = Theme(accent: .hex("#0a7d4f"))
        #expect(theme.light.accent == .hex("#0a7d4f") && theme.light.fill == .hex("#0a7d4f"))
        #expect(theme.light.onAccent == .hex("#ffffff"))
        #expect(theme.light.tint.luminance > 0.8, "a pale wash")
        #expect(theme.dark.tint.luminance < 0.05, "a dark wash")
        #expect(theme.dark.accent.contrast(with: Theme.darkSurface) >= 4.5, "lightened to read on dark")
        #expect(theme.contrastWarnings.isEmpty, "\(theme.contrastWarnings)")
    }

    @Test func aCompanionGivenReplacesTheDerivedOne() {
        let theme = Theme(accent: .hex("#0a7d4f"), tint: .hex("#eef7f2"), onAccent: .hex("#fff"))
        #expect(theme.light.tint == .hex("#eef7f2") && theme.dark.tint == .hex("#eef7f2"))
        #expect(theme.stylesheet.contains("--accent-tint: #eef7f2;"))
        #expect(Theme.Color.hex("0A7D4F").description == "#0a7d4f")
    }

    @Test func colourUnderAAIsNamedWithItsPairAndRatio() {
        let pale = Theme(accent: .hex("#7fd3ff"))
        let light = pale.contrastWarnings.filter { $0.hasPrefix("Theme (light)") }
        #expect(light.contains("Theme (light): --accent #7fd3ff on the page background #ffffff is 1.6:1, under WCAG AA's 4.5:1 for text"))
        // A pale fill takes black text, which reads: no warning for that pair.
        #expect(!pale.contrastWarnings.contains { $0.contains("--on-accent") })
        let forced = Theme(accent: .hex("#7fd3ff"), onAccent: .hex("#ffffff"))
        #expect(forced.contrastWarnings.contains { $0.contains("--on-accent #ffffff on --accent-fill #7fd3ff is 1.6:1") })
    }

    @Test func pagesLinkTheThemeServedLikeTheChromesAssets() async throws {
        var configuration = ApplicationConfiguration(appName: "Themed")
        configuration.layout = PageLayout(theme: Theme(accent: .hex("#0a7d4f")))
        let app = try Application(Window(ThemedHome()), configuration: configuration)
        try await app.test(.inProcess) { client in
            let page = try await client.get("/")
            let url = try #require(configuration.layout.themeStylesheet?.url)
            #expect(url.hasPrefix("/_webrouter/theme.") && url.hasSuffix(".css"))
            #expect(page.stylesheets == [ChromeAssets.stylesheet.url, url])
            let css = try await client.request(.get, url)
            try css.expect(status: 200)
            #expect(css.text.contains("--accent: #0a7d4f;"))
            #expect(css.headers["Cache-Control"] == ChromeAssets.cacheControl)
            let stale = try await client.request(.get, "/_webrouter/theme.0000000000000000.css")
            #expect(stale.status.code == 404)
        }
    }

    @Test func withoutAThemeNothingMoreIsLinked() async throws {
        let app = try Application(Window(ThemedHome()), configuration: ApplicationConfiguration(appName: "Plain"))
        try await app.test(.inProcess) { client in
            let page = try await client.get("/")
            #expect(page.stylesheets == [ChromeAssets.stylesheet.url])
        }
    }
}

private struct ThemedHome: ContentScreen {
    let title = "Home"
    func body(_ context: Void, router: Router<ThemedHome>) -> some HTML { h1 { "Home" } }
}
