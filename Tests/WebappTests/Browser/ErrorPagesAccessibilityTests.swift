import Foundation
import Testing
import WebRouter
import WebRouterTesting

extension BrowserTests {
    /// axe-core over the error page of every status an app answers with a page (404, 405,
    /// 413, 422, 429, 500, 503), inside a tab as a person meets them, in light mode, dark mode
    /// and on a phone. They all come from the one error page renderer; here a screen throws
    /// each status on GET, so the browser can load every one of them.
    @Suite("axe-core on every error page")
    struct ErrorPagesAccessibilityTests {
        static let statuses: [HTTPStatus] = [
            .notFound, .methodNotAllowed, .payloadTooLarge, .unprocessableContent, .tooManyRequests,
            .internalServerError, .serviceUnavailable,
        ]

        struct Shelf: ContentScreen {
            let title = "Shelf"
            let tabIcon: String? = "📚"
            var book: Push<Shelf, Book>
            func body(_ context: Void, router: Router<Shelf>) -> some HTML { h1 { "Shelf" } }
        }

        /// `/shelf/book/<status>` answers that status's error page.
        struct Book: ContentScreen {
            typealias Context = Int
            func title(for context: Int) -> String { "Book \(context)" }
            func body(_ code: Int, router: Router<Book>) throws -> some HTML {
                let status = try Self.check(code)
                h1 { status }
            }
            static func check(_ code: Int) throws -> String {
                if let status = ErrorPagesAccessibilityTests.statuses.first(where: { $0.code == code }) {
                    throw HTTPError(status, "Book \(code) answers \(status.reason).")
                }
                return "Book \(code)"
            }
        }

        struct Settings: ContentScreen {
            let title = "Settings"
            let tabIcon: String? = "⚙️"
            func body(_ context: Void, router: Router<Settings>) -> some HTML { h1 { "Settings" } }
        }

        @Test func axeFindsNoViolationOnAnyErrorPage() async throws {
            guard let axePath = AccessibilityTests.axePath, let axeSource = try? String(contentsOfFile: axePath, encoding: .utf8) else {
                try Browser.skip("axe.min.js not found: `make browser-deps` installs axe-playwright-python with pip (or set AXE_JS)")
            }
            let app = try Application(
                Window(Tabs {
                    Navigation(Shelf(book: Push(Book())))
                    Navigation(Settings())
                }),
                configuration: ApplicationConfiguration(appName: "Errors"))
            try await app.test(.browser, browser: Browser.wide) { client in
                try await client.webDriverSession().setScriptTimeout(.seconds(60))
                let audit = AccessibilityTests.Audit(client, axeSource: axeSource)
                for status in Self.statuses {
                    let page = try await client.get("/shelf/book/\(status.code)")
                    try page.expect(status: status.code, screen: "Error", selectedTab: "Shelf")
                    try await audit.run("/shelf/book/\(status.code) (\(status.code))")
                }
                #expect(audit.pages == Self.statuses.count)
                #expect(audit.violations.isEmpty, "axe-core found violations:\n\(audit.report)")
            }
        }
    }
}
