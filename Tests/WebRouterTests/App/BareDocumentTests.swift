import Testing
@testable import WebRouter
import WebRouterTesting

/// A screen whose fragment is the whole document (`ScreenPresentation.isBareDocument`): its
/// page is exactly what its body renders, with none of the chrome, while the other screens
/// keep theirs and a failure still gets the error page.
@Suite("Bare documents")
struct BareDocumentTests {
    static func app() throws -> Application {
        var configuration = ApplicationConfiguration(appName: "Bare")
        configuration.logger.logLevel = .critical
        return try Application(Window(Navigation(BareHome(report: Push(BareReport())))), configuration: configuration)
    }

    @Test(arguments: [TestClient.Mode.inProcess, .live])
    func theScreenSendsItsDocumentAlone(mode: TestClient.Mode) async throws {
        try await Self.app().test(mode) { client in
            let page = try await client.get("/report/7")
            #expect(page.status == .ok)
            #expect(page.text == "<!DOCTYPE html><html><head><title>Report 7</title></head><body><p>&lt;b&gt;bold&lt;/b&gt; &amp; more</p></body></html>")
            #expect(page.headers["Content-Type"] == "text/html; charset=utf-8")
            #expect(page.headers["X-Content-Type-Options"] == "nosniff", "still a page: the security headers")
        }
    }

    @Test func theOtherScreensKeepTheChrome() async throws {
        try await Self.app().test { client in
            let home = try await client.get("/")
            #expect(home.status == .ok)
            #expect(home.text.contains("class=\"skip-link\""))
            #expect(home.text.contains("<a href=\"/report/7\">"))
        }
    }

    @Test func aFailingBareScreenGetsTheErrorPageInTheChrome() async throws {
        try await Self.app().test { client in
            let page = try await client.get("/report/0")
            #expect(page.status == .notFound)
            #expect(page.text.contains("No report 0."))
            #expect(page.text.contains("class=\"skip-link\""))
        }
    }
}

struct BareHome: ContentScreen {
    var report: Push<BareHome, BareReport>
    func body(_ context: Void, router: Router<BareHome>) -> some HTML {
        a(.href(router.link(\.report, 7))) { "Report 7" }
    }
}

struct BareReport: ContentScreen {
    typealias Context = Int
    func configure(_ presentation: inout ScreenPresentation) { presentation.isBareDocument = true }
    func body(_ id: Int, router: Router<BareReport>) throws -> some HTML {
        if id == 0 { throw HTTPError.notFound("No report 0.") }
        return bareReport(id)
    }
}

/// The report's document; outside the screen, where `title` and `body` name the elements
/// rather than the screen's own members.
@HTMLBuilder
func bareReport(_ id: Int) -> some HTML {
    UnsafeRawHTML("<!DOCTYPE html>")
    html {
        head { title { "Report \(id)" } }
        body { p { "<b>bold</b> & more" } }
    }
}
