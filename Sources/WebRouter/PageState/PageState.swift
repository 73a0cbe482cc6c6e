import WebRouterHTML
/// What a page shows, as data: the landmarks a person and WebRouterTesting's locators read
/// (screen, title, URL, tabs, breadcrumbs per layer, modals, alerts, links, forms with their
/// fields, headings, visible text), read back from the page's own HTML.
///
/// A request that prefers `application/json` over `text/html` (`Accept: application/json`)
/// gets this instead of the page, so a test suite in any language can drive an app without
/// parsing HTML; the schema is documented in <doc:PageStateJSON> and versioned by ``schema``.
/// ```swift
/// let html = #"<title>Feed · Scores</title><body data-screen="Feed"><main data-screen="Feed"><h1>Feed</h1></main></body>"#
/// let state = PageState(html: html, url: "/feed")
/// state.screen                 // "Feed"
/// state.headings.first?.text   // "Feed"
/// ```
public struct PageState: Codable, Sendable, Equatable {
    /// The schema this value follows, ``currentSchema`` (`webrouter.page-state/1`) for values
    /// this version reads. Additive changes keep the number; removing or renaming a field
    /// makes it `/2`.
    /// ```swift
    /// state.schema == PageState.currentSchema   // true
    /// ```
    public var schema: String
    /// The HTTP status the page was answered with (`200`, `404`…).
    /// ```swift
    /// state.status   // 404 for a URL that names no screen
    /// ```
    public var status: Int
    /// The URL of the page: path and query, as requested.
    /// ```swift
    /// state.url   // "/feed/tournament/5/match/12"
    /// ```
    public var url: String
    /// The document's `<title>`: the topmost screen's title and the app's name.
    /// ```swift
    /// state.title   // "Match 12 · Scores"
    /// ```
    public var title: String
    /// `<body data-screen>`: the topmost visible screen (in the top modal, if one is open).
    /// ```swift
    /// state.screen   // "Match"
    /// ```
    public var screen: String?
    /// `<main data-screen>`: the screen of the base layer, under any modal.
    /// ```swift
    /// state.baseScreen   // "Feed" under a Settings sheet
    /// ```
    public var baseScreen: String?
    /// The tab bar's tabs, in order; empty when the page has none.
    /// ```swift
    /// state.tabs.first { $0.selected }?.label   // "Feed"
    /// ```
    public var tabs: [Tab]
    /// The layers, bottom first: the base (`<main>`), then each open modal (`<dialog aria-modal>`).
    /// ```swift
    /// state.layers.last?.breadcrumb.map(\.label)   // ["Feed", "Tournament 5", "Match 12"]
    /// ```
    public var layers: [Layer]
    /// The open alerts and confirmation dialogs (`<dialog role="alertdialog">`), bottom first.
    /// ```swift
    /// state.alerts.first?.title   // "Sign out?"
    /// ```
    public var alerts: [Alert]
    /// Every visible link of the page, in document order (tabs and breadcrumbs included).
    /// ```swift
    /// state.links.first { $0.name == "Settings" }?.href   // "/feed/~settings"
    /// ```
    public var links: [Link]
    /// Every visible form of the page, in document order, with the fields a client must send.
    /// ```swift
    /// state.forms.first?.fields.map(\.name)   // ["_csrf", "_action", "username", "password"]
    /// ```
    public var forms: [Form]
    /// The visible headings, in document order.
    /// ```swift
    /// state.headings.first   // Heading(level: 1, text: "Match 12")
    /// ```
    public var headings: [Heading]
    /// The visible text of the top layer (the top alert, else the top modal, else the base),
    /// whitespace collapsed.
    /// ```swift
    /// state.text.contains("Lineups")   // true
    /// ```
    public var text: String

    /// The schema of the values this version of WebRouter writes: `webrouter.page-state/1`.
    /// ```swift
    /// PageState.currentSchema   // "webrouter.page-state/1"
    /// ```
    public static let currentSchema = "webrouter.page-state/1"

    /// A state of the given parts, following ``currentSchema``; empty lists unless told otherwise.
    /// ```swift
    /// PageState(status: 200, url: "/feed", title: "Feed · Scores", screen: "Feed", baseScreen: "Feed")
    /// ```
    public init(
        status: Int, url: String, title: String, screen: String?, baseScreen: String?,
        tabs: [Tab] = [], layers: [Layer] = [], alerts: [Alert] = [], links: [Link] = [],
        forms: [Form] = [], headings: [Heading] = [], text: String = ""
    ) {
        self.schema = Self.currentSchema
        self.status = status
        self.url = url
        self.title = title
        self.screen = screen
        self.baseScreen = baseScreen
        self.tabs = tabs
        self.layers = layers
        self.alerts = alerts
        self.links = links
        self.forms = forms
        self.headings = headings
        self.text = text
    }

    private enum CodingKeys: String, CodingKey {
        case schema, status, url, title, screen, baseScreen, tabs, layers, alerts, links, forms, headings, text
    }

    /// Writes every key, `null` for what is absent, so clients in other languages can rely on
    /// the keys being there.
    /// ```swift
    /// let json = try JSONEncoder().encode(state)   // {"alerts":[],"baseScreen":"Feed",…}
    /// ```
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schema, forKey: .schema)
        try container.encode(status, forKey: .status)
        try container.encode(url, forKey: .url)
        try container.encode(title, forKey: .title)
        try container.encode(screen, forKey: .screen)
        try container.encode(baseScreen, forKey: .baseScreen)
        try container.encode(tabs, forKey: .tabs)
        try container.encode(layers, forKey: .layers)
        try container.encode(alerts, forKey: .alerts)
        try container.encode(links, forKey: .links)
        try container.encode(forms, forKey: .forms)
        try container.encode(headings, forKey: .headings)
        try container.encode(text, forKey: .text)
    }
}
