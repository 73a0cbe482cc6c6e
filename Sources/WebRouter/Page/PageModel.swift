import WebRouterHTML
/// Everything the chrome needs to draw one complete page: title, tabs, the base layer, the
/// modal layers above it and any alert on top. The router fills it and the framework draws
/// it; a ``PageLayout``'s hooks receive it to draw the app's header, footer and head tags:
/// ```swift
/// let page = PageModel(
///     title: "Match 12", appName: "Scores", screenName: "Match",
///     tabs: [TabItem(label: "Feed", href: "/feed", isSelected: true, icon: "⚽")],
///     base: LayerModel(screenName: "Match",
///                      breadcrumb: [Crumb(label: "Feed", href: "/feed"),
///                                   Crumb(label: "Match 12", href: "/feed/match/12")],
///                      content: AnyHTML { h1 { "Match 12" } }))
/// ```
public struct PageModel {
    /// The topmost screen's title; `<title>` is this, then " · " and ``appName``.
    public var title: String
    /// The application's name, the suffix of `<title>`.
    public var appName: String
    /// The topmost visible screen's name (`<body data-screen="…">`).
    public var screenName: String
    /// The tab bar's items; empty means no tab bar.
    public var tabs: [TabItem]
    /// The screen underneath all modals.
    public var base: LayerModel
    /// Modal layers, bottom to top.
    public var modals: [ModalLayer]
    /// Transient alerts and confirmation dialogs, on top of everything, bottom to top.
    public var alerts: [AlertModel]
    /// The app's hooks: assets, extra head tags, header, footer.
    public var layout: PageLayout
    /// The document language (`<html lang="…">`).
    public var lang: String
    /// The CSRF token put as a hidden `_csrf` field into every form the chrome renders.
    public var csrfToken: String?
    /// The request the page answers (its session, query…), for layout hooks; `nil` for
    /// pages drawn outside a request.
    public var request: RequestContext?
    /// The page's event stream (`/_webrouter/events?key=match/12`), written as
    /// `<meta name="webrouter-events">` for the script to open; `nil` when the page shows
    /// nothing live (see ``LiveKey``).
    public var eventsURL: String?

    /// A page of a base layer with a title: no tab bar, modals or alerts, the default layout, English, unless told otherwise.
    public init(
        title: String,
        appName: String,
        screenName: String,
        tabs: [TabItem] = [],
        base: LayerModel,
        modals: [ModalLayer] = [],
        alerts: [AlertModel] = [],
        layout: PageLayout = .default,
        lang: String = "en",
        csrfToken: String? = nil
    ) {
        self.title = title
        self.appName = appName
        self.screenName = screenName
        self.tabs = tabs
        self.base = base
        self.modals = modals
        self.alerts = alerts
        self.layout = layout
        self.lang = lang
        self.csrfToken = csrfToken
    }
}
