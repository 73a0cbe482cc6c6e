import Foundation
import Testing
import WebRouter
import WebRouterTesting

/// Error pages stay inside the app: whatever goes wrong under a tab (a missing id, a method
/// the page does not answer, a body over the limit, a throttle, a failing screen, a service
/// that is down), the page keeps the tab bar with that tab selected, links to the nearest
/// valid screen, and has its JSON page state.
@Suite("Error pages inside the app")
struct ErrorPagesTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let method: HTTPMethod
        let url: String
        var body: [UInt8] = []
        let status: Int
        let tab: String
        let nearest: String
        var testDescription: String { "\(method.rawValue) \(url) → \(status)" }
    }

    static let cases: [Case] = [
        Case(method: .get, url: "/shelf/book/404", status: 404, tab: "Shelf", nearest: "/shelf"),
        Case(method: .get, url: "/shelf/book/5/nope", status: 404, tab: "Shelf", nearest: "/shelf/book/5"),
        Case(method: .get, url: "/settings/nope", status: 404, tab: "Settings", nearest: "/settings"),
        Case(method: .delete, url: "/settings", status: 405, tab: "Settings", nearest: "/settings"),
        Case(method: .post, url: "/shelf/book/5", body: Array(repeating: UInt8(ascii: "a"), count: 2 << 20),
             status: 413, tab: "Shelf", nearest: "/shelf/book/5"),
        Case(method: .get, url: "/shelf/book/429", status: 429, tab: "Shelf", nearest: "/shelf"),
        Case(method: .get, url: "/shelf/book/500", status: 500, tab: "Shelf", nearest: "/shelf"),
        Case(method: .get, url: "/shelf/book/503", status: 503, tab: "Shelf", nearest: "/shelf"),
    ]

    @Test(arguments: cases)
    func keepsTheTabBarAndLinksTheNearestScreen(_ error: Case) async throws {
        try await ErrorApp.make().test(.inProcess) { client in
            let page = try await client.request(error.method, error.url, body: error.body)
            try page.expect(status: error.status, screen: "Error", selectedTab: error.tab)
            #expect(page.tabs.map(\.label) == ["Shelf", "Settings"])
            let back = try #require(page.links.first { $0.rel == "up" }, "a way back")
            #expect(back.href == error.nearest)
            #expect(page.stylesheets.first?.hasPrefix("/_webrouter/webrouter.") == true, "styled like every page")
        }
    }

    /// Issue 45: the 404 names the whole address asked for and the nearest screen by its
    /// title, and its button says where it goes in words, not as a path.
    @Test func aMissingPageNamesTheWholeAddressAndTheNearestScreenByItsTitle() async throws {
        try await ErrorApp.make().test(.inProcess) { client in
            let page = try await client.get("/no/such/page")
            try page.expect(status: 404, screen: "Error")
            let up = try #require(page.links.first { $0.rel == "up" })
            #expect(page.visibleText.contains("There is no page at /no/such/page"))
            #expect(page.visibleText.contains("There is no page at /no/such/page (nothing here is called “no”). The nearest page is “Shelf”."))
            #expect(up.name == "Go to Shelf")
            let nested = try await client.get("/settings/no/such/page")
            #expect(nested.visibleText.contains("There is no page at /settings/no/such/page (nothing here is called “no”). The nearest page is “Settings”."))
            #expect(nested.links.first { $0.rel == "up" }?.name == "Go to Settings")
        }
    }

    @Test(arguments: cases)
    func hasItsPageStateInJSON(_ error: Case) async throws {
        try await ErrorApp.make().test(.inProcess) { client in
            let response = try await client.request(
                error.method, error.url, headers: [("Accept", "application/json")], body: error.body)
            #expect(response.status.code == error.status)
            #expect(response.headers["Content-Type"]?.hasPrefix("application/json") == true)
            let state = try JSONDecoder().decode(PageState.self, from: Data(response.text.utf8))
            #expect(state.status == error.status && state.screen == "Error")
            #expect(state.tabs.first(where: \.selected)?.label == error.tab)
            #expect(state.links.contains { $0.href == error.nearest && $0.rel == "up" })
        }
    }

    /// A `422` an action answers without a form to show again (it throws instead of
    /// returning `.invalid`): the screen's own page is the nearest, in its tab.
    @Test func an422WithoutAFormStaysInItsTab() async throws {
        try await ErrorApp.make().test(.inProcess) { client in
            let page = try await client.submit("save", on: client.get("/settings"))
            try page.expect(status: 422, screen: "Error", selectedTab: "Settings")
            #expect(page.links.first { $0.rel == "up" }?.href == "/settings")
        }
    }

    /// Signed out, an address of the signed-in case is no place to send someone back to:
    /// the error page of a conditional window links the visitor's own case.
    @Test func aVisitorIsSentToTheirOwnCase() async throws {
        try await ErrorApp.make(conditional: true).test(.inProcess) { client in
            let page = try await client.request(.delete, "/shelf")
            #expect(page.status.code == 405)
            #expect(page.tabs.isEmpty)
            #expect(page.links.first { $0.rel == "up" }?.href == "/door")
        }
    }
}

/// A two-tab app whose screens fail on demand: book `404`, `429`, `500` and `503` throw what
/// their number says, and the settings' action throws a `422`.
enum ErrorApp {
    struct Door: ContentScreen {
        let title = "Door"
        func body(_ context: Void, router: Router<Door>) -> some HTML { h1 { "Knock" } }
    }

    struct Shelf: ContentScreen {
        let title = "Shelf"
        let tabIcon: String? = "📚"
        var book: Push<Shelf, Book>
        func body(_ context: Void, router: Router<Shelf>) -> some HTML {
            h1 { "Shelf" }
            a(.href(router.link(\.book, 5))) { "Book 5" }
        }
    }

    struct Failure: Error {}

    struct Book: ContentScreen {
        typealias Context = Int
        var page: Push<Book, Page>
        func title(for context: Int) -> String { "Book \(context)" }
        func body(_ id: Int, router: Router<Book>) throws -> some HTML {
            let name = try Self.name(of: id)
            h1 { name }
        }
        static func name(of id: Int) throws -> String {
            switch id {
            case 404: throw HTTPError.notFound("No book 404.")
            case 429: throw HTTPError(.tooManyRequests, "Too many books at once.")
            case 500: throw Failure()
            case 503: throw HTTPError(.serviceUnavailable, "The shelf is being dusted.")
            default: return "Book \(id)"
            }
        }
    }

    struct Page: ContentScreen {
        typealias Context = Int
        func body(_ number: Int, router: Router<Page>) -> some HTML { h1 { "Page \(number)" } }
    }

    struct Settings: ContentScreen {
        enum Action: String, ScreenAction { case save }
        let title = "Settings"
        let tabIcon: String? = "⚙️"
        func body(_ context: Void, router: Router<Settings>) -> some HTML {
            h1 { "Settings" }
            router.form(.save) { button(.type("submit")) { "Save" } }
        }
        func perform(_ action: Action, form: FormData, router: Router<Settings>) async throws -> ActionResult {
            throw HTTPError(.unprocessableContent, "There is nothing to save.")
        }
    }

    static func make(conditional: Bool = false) throws -> Application {
        let tabs = Tabs {
            Navigation(Shelf(book: Push(Book(page: Push(Page())))))
            Navigation(Settings())
        }
        let window = conditional
            ? Window(selecting: { _ in 0 }) {
                Navigation(Door())
                tabs
            }
            : Window(tabs)
        return try Application(window, configuration: ApplicationConfiguration(appName: "Errors"))
    }
}
