public import Testing
public import WebRouter
import WebRouterHTML
import WebRouterHTTP

/// A response as a test reads it: status, headers and body, and the landmarks of its HTML —
/// the screen, the tabs, each layer's breadcrumb, the modal layers and alerts, links and forms —
/// as the values of the JSON page state (`PageState`): one reader, one vocabulary, whether a
/// test reads the page here or a tool in another language asks for `application/json`.
///
/// ```swift
/// let page = try await client.get("/feed/tournament/5/match/12")
/// #expect(page.screen == "Match")
/// #expect(page.selectedTab == "Feed")
/// #expect(page.breadcrumb.map(\.label) == ["Feed", "Tournament 5", "Match 12"])
/// try page.expect(screen: "Match", selectedTab: "Feed", text: "Westmoor Town")
/// let crest = try page.element(.link("Westmoor Town").within(.role(.main)))
/// ```
/// A failed expectation or locator is recorded at the test's line with the request, what the
/// page showed instead, its visible text and the requests that led to it.
public struct TestPage: Sendable, CustomStringConvertible {
    /// The method of the request that produced this page (after redirects, `GET`).
    public let method: String
    /// The URL of that request: path and query.
    public let url: String
    /// The response's status.
    public let status: HTTPStatus
    /// The response's headers.
    public let headers: HTTPHeaders
    /// The response's body bytes (see ``text``).
    public let body: [UInt8]
    /// The redirects followed to get here: status and `Location` of each.
    public let redirects: [(status: Int, location: String)]
    /// The parsed HTML.
    public let document: HTMLNode
    /// The requests that led to this page, oldest first (`GET /feed → 200`,
    /// `POST /feed/~login → 303 → /feed`), as failure messages show them.
    public internal(set) var history: [String] = []

    init(method: String, url: String, response: HTTPResponse, redirects: [(status: Int, location: String)]) {
        self.method = method
        self.url = url
        self.status = response.status
        self.headers = response.headers
        self.body = response.body
        self.redirects = redirects
        let isHTML = response.headers["Content-Type"]?.hasPrefix("text/html") ?? false
        self.document = HTMLNode.parse(utf8: isHTML ? response.body : [])
        self.state = PageState(document: document, status: response.status.code, url: url)
    }

    /// A page from HTML you have (a fragment rendered on its own, a saved page), to read with
    /// locators and landmarks: `TestPage(html: "<h1>Hello</h1>").element(.heading("Hello"))`.
    public init(html: String, url: String = "/", status: Int = 200) {
        self.init(method: "GET", url: url, response: HTTPResponse(
            status: HTTPStatus(code: status), headers: ["Content-Type": "text/html; charset=utf-8"], body: Array(html.utf8)),
            redirects: [])
    }

    /// `GET /feed/match/12 → 200, screen Match`: the request and what it showed, short
    /// (for a failed `#expect` that prints the page).
    public var description: String {
        "\(method) \(url) → \(status.code)" + (screen.map { ", screen \($0)" } ?? "") + (modals.isEmpty ? "" : ", modals \(modals.map(\.screen))")
    }

    /// The body as text (the raw HTML of a page; prefer ``visibleText`` and locators).
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The text a person sees on the page, whitespace collapsed: the body without hidden
    /// parts, scripts or styles.
    public var visibleText: String {
        (document.first { $0.tag == "body" } ?? document).visibleText(excluding: nil)
    }

    /// `Location` of a redirect that was not followed.
    public var location: String? { headers["Location"] }

    // MARK: - Landmarks

    /// `<body data-screen>`: the topmost visible screen.
    public var screen: String? { document.first { $0.tag == "body" }?[AttributeCode.dataScreen] }

    /// The page's `<title>`.
    public var title: String? { document.first { $0.tag == "title" }?.text }
    /// The page's event stream (`<meta name="webrouter-events">`), `nil` when the page shows
    /// nothing live: open it with ``TestClient/openEvents(_:)``.
    /// ```swift
    /// #expect(page.eventsURL == "/_webrouter/events?key=match/12")
    /// ```
    public var eventsURL: String? {
        document.first { $0.tag == "meta" && $0["name"] == "webrouter-events" }?["content"]
    }

    /// The screen under the modal layers (`<main data-screen>`).
    public var baseScreen: String? { document.first { $0.tag == "main" }?[AttributeCode.dataScreen] }

    /// The page's landmarks as the JSON page state reads them (`PageState`): the kit and
    /// `Accept: application/json` share one reader, so what a test sees and what an outside
    /// tool reads cannot drift (hidden landmarks are left out by both).
    /// Read once, when the page arrives: every landmark accessor below used to read the whole
    /// page again.
    public let state: PageState

    /// The tab bar's tabs, in order (`PageState.tabs`); empty when the page has none.
    /// ```swift
    /// page.tabs.map(\.label)   // ["Feed", "Search", "Dashboard", "Messages"]
    /// ```
    public var tabs: [PageState.Tab] { state.tabs }

    /// The label of the selected tab (`aria-current="page"`), if the page has a tab bar.
    public var selectedTab: String? { state.tabs.first(where: \.selected)?.label }

    /// The layers, bottom first: the base, then each open modal (`PageState.layers`).
    public var layers: [PageState.Layer] { state.layers }

    /// The modal layers, bottom to top: `page.modals.map(\.screen)`, `page.modals.last?.dismiss`.
    public var modals: [PageState.Layer] { state.layers.filter { $0.kind == .modal } }

    /// The topmost layer's breadcrumb, root first; empty when it has none.
    /// ```swift
    /// page.breadcrumb.map(\.label)   // ["Feed", "Tournament 5", "Match 12"]
    /// ```
    public var breadcrumb: [PageState.Crumb] { state.layers.last?.breadcrumb ?? [] }

    /// The alert and confirmation dialogs, bottom to top (`PageState.alerts`).
    public var alerts: [PageState.Alert] { state.alerts }

    /// The URLs of the page's stylesheets (`<link rel="stylesheet">`), in order: the
    /// framework's own first, then the layout's.
    public var stylesheets: [String] {
        document.all("link", "href").filter { $0["rel"] == "stylesheet" }.compactMap { $0["href"] }
    }

    /// The URLs of the page's scripts (`<script src>`), in order.
    public var scripts: [String] {
        document.all("script", "src").compactMap { $0["src"] }
    }

    /// Every visible link, in document order (`PageState.links`).
    public var links: [PageState.Link] { state.links }

    /// Every visible form, in document order, with its fields and buttons (`PageState.forms`).
    /// ``TestClient/submit(_:from:_:)`` sends one as a browser would: disabled fields and
    /// unchecked boxes left out.
    public var forms: [PageState.Form] { state.forms }

    /// The `<form>` element of one of ``forms``: the reader lists the visible forms in
    /// document order, so the index matches.
    func element(of form: PageState.Form) -> HTMLNode? {
        guard let index = state.forms.firstIndex(of: form) else { return nil }
        let elements = document.all { $0.tag == "form" && !$0.isHidden }
        return index < elements.count ? elements[index] : nil
    }

    // MARK: - Finding

    /// The link whose text is `text` (exactly, else the only one containing it).
    public func link(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> PageState.Link {
        let all = links
        if let exact = all.first(where: { $0.name == text }) { return exact }
        let containing = all.filter { $0.name.contains(text) }
        if containing.count == 1 { return containing[0] }
        let describe = { (link: PageState.Link) in "\"\(link.name)\" → \(link.href)" }
        try failure("no link \"\(text)\"", details: containing.isEmpty
            ? "links here: " + all.prefix(30).map(describe).joined(separator: ", ")
            : "several links contain it: " + containing.map(describe).joined(separator: ", "))
            .record(at: sourceLocation)
    }

    /// The form that runs a screen action (by its action name).
    public func form(_ actionName: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> PageState.Form {
        if let form = forms.first(where: { $0.actionName == actionName }) { return form }
        try failure("no form for action \"\(actionName)\"", details: "forms here: " + forms.map { "\($0.actionName ?? "-") → \($0.action)" }.joined(separator: ", "))
            .record(at: sourceLocation)
    }

    // MARK: - Locators

    /// The one element `locator` finds; none or several is a failure at the caller's line that
    /// lists what the page has.
    public func element(_ locator: Locator, sourceLocation: SourceLocation = #_sourceLocation) throws -> PageElement {
        try PageElement(resolve(locator).get(sourceLocation))
    }

    /// Every element `locator` finds, in document order (none is no failure).
    public func elements(_ locator: Locator) -> [PageElement] {
        LocatorResolution.all(locator, in: document).map(PageElement.init)
    }

    /// How many elements `locator` finds: `#expect(page.count(.role(.listitem)) == 3)`.
    public func count(_ locator: Locator) -> Int {
        LocatorResolution.all(locator, in: document).count
    }

    /// Whether `locator` finds at least one element: `#expect(page.has(.alertDialog("Delete?")))`.
    public func has(_ locator: Locator) -> Bool {
        !LocatorResolution.all(locator, in: document).isEmpty
    }

    func resolve(_ locator: Locator) -> LocatedNode {
        LocatedNode(page: self, locator: locator, resolution: LocatorResolution.resolve(locator, in: document))
    }

    // MARK: - Expectations with clear messages

    /// Checks landmarks at once. A difference is recorded at the caller's line, naming the
    /// request, what the page showed, its visible text and the requests that led there, and
    /// stops the test.
    ///
    /// - Parameters:
    ///   - status: the status code (200 unless given; `nil` accepts any).
    ///   - url: the page's path and query, after redirects.
    ///   - screen: `<body data-screen>`, the topmost screen's type name.
    ///   - selectedTab: the label of the tab bar's current tab.
    ///   - breadcrumb: the topmost layer's breadcrumb labels, root first.
    ///   - modals: the screens of the modal layers, bottom to top.
    ///   - text: text the page shows (``visibleText`` contains it).
    ///   - sourceLocation: where a failure is recorded: the caller's line.
    public func expect(
        status: Int? = 200, url: String? = nil, screen: String? = nil, selectedTab: String? = nil,
        breadcrumb: [String]? = nil, modals: [String]? = nil, text: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        if let status, self.status.code != status {
            try failure("expected status \(status)", found: "status \(self.status.code)").record(at: sourceLocation)
        }
        if let url, self.url != url {
            try failure("expected URL \(url)", found: "URL \(self.url)").record(at: sourceLocation)
        }
        if let screen, self.screen != screen {
            try failure("expected screen \"\(screen)\"", found: "screen \(self.screen.map { "\"\($0)\"" } ?? "none")")
                .record(at: sourceLocation)
        }
        if let selectedTab, self.selectedTab != selectedTab {
            try failure("expected selected tab \"\(selectedTab)\"", found: "selected tab \(self.selectedTab.map { "\"\($0)\"" } ?? "none")")
                .record(at: sourceLocation)
        }
        if let breadcrumb, self.breadcrumb.map(\.label) != breadcrumb {
            try failure("expected breadcrumb \(breadcrumb.joined(separator: " › "))", found: "breadcrumb \(self.breadcrumbDescription)")
                .record(at: sourceLocation)
        }
        if let modals, self.modals.map(\.screen) != modals {
            try failure("expected modals \(modals)", found: "modals \(self.modals.map(\.screen))").record(at: sourceLocation)
        }
        if let text, !visibleText.contains(text.collapsingWhitespace) {
            try failure("expected the text \"\(text)\"").record(at: sourceLocation)
        }
    }

    /// `POST /b → 303 → /c → 200`: the request, its redirects and the final status.
    func summary(requested: String) -> String {
        ([requested] + redirects.map { "\($0.status) → \($0.location)" } + ["\(status.code)"]).joined(separator: " → ")
    }

    func failure(_ expectation: String, found: String = "", details: String = "") -> TestFailure {
        TestFailure(page: self, expectation: expectation, found: found, details: details)
    }

    /// `Feed › Tournament 5 › Match 12`, or `none`, for failure messages.
    var breadcrumbDescription: String {
        breadcrumb.isEmpty ? "none" : breadcrumb.map(\.label).joined(separator: " › ")
    }
}

/// What a locator found on a page, for the client to act on or report.
struct LocatedNode {
    let page: TestPage
    let locator: Locator
    let resolution: LocatorResolution

    /// The element, or a failure recorded at `sourceLocation`.
    func get(_ sourceLocation: SourceLocation) throws -> HTMLNode {
        switch resolution {
        case .found(let node): return node
        case .missing(let candidates):
            try page.failure("no \(locator)", details: candidates).record(at: sourceLocation)
        case .ambiguous(let matches):
            try page.failure("\(matches.count) elements match \(locator)", details: "matches: " + matches.joined(separator: ", "))
                .record(at: sourceLocation)
        }
    }
}
