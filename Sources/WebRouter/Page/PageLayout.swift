/// The app's hooks into the chrome: asset URLs, extra `<head>` tags, a header and a footer.
///
/// The hooks are `@Sendable` closures so one layout can be configured at start-up and shared
/// by all server threads; each is called per page with the page being drawn and returns the
/// markup (`nil` renders nothing: no `<header>` / `<footer>` element at all).
/// ```swift
/// let layout = PageLayout(
///     head: { _ in AnyHTML(meta(.name("theme-color"), .content("#0a84ff"))) },
///     header: { page in AnyHTML { a(.href("/"), .class("app-name")) { page.appName } } },
///     footer: { _ in AnyHTML { small { "© Scores" } } })
/// ```
public struct PageLayout: Sendable {
    /// The stylesheet URL.
    public var stylesheetHref: String
    /// The deferred script URL (only enhances; pages work without it).
    public var scriptHref: String
    /// The icon URL.
    public var iconHref: String
    /// Extra tags at the end of `<head>`.
    public var head: @Sendable (PageModel) -> AnyHTML?
    /// The content of `<header class="app-header">`.
    public var header: @Sendable (PageModel) -> AnyHTML?
    /// The content of `<footer class="app-footer">`.
    public var footer: @Sendable (PageModel) -> AnyHTML?

    public init(
        stylesheetHref: String = "/static/style.css",
        scriptHref: String = "/static/app.js",
        iconHref: String = "/static/favicon.svg",
        head: @escaping @Sendable (PageModel) -> AnyHTML? = { _ in nil },
        header: @escaping @Sendable (PageModel) -> AnyHTML? = { _ in nil },
        footer: @escaping @Sendable (PageModel) -> AnyHTML? = { _ in nil }
    ) {
        self.stylesheetHref = stylesheetHref
        self.scriptHref = scriptHref
        self.iconHref = iconHref
        self.head = head
        self.header = header
        self.footer = footer
    }

    /// The default assets under `/static/`, no extra head tags, no header, no footer.
    public static let `default` = PageLayout()
}
