import WebRouterHTML
/// The app's hooks into the chrome: its own stylesheets and scripts, an icon, extra `<head>`
/// tags, a header and a footer.
///
/// The framework's stylesheet and enhancement script are compiled in and linked first on
/// every page, so pages are fully styled with the default layout and no `Public/` folder.
/// An app's files are linked after the framework's, so their rules win. Compiled into the app
/// (``AppAssets``), they are named by their logical names and served content-hashed from any
/// working directory; files that change without a rebuild go in the `Public/` folder
/// (`--public`, served under `/static/`) and are named by URL:
/// ```swift
/// let layout = PageLayout(
///     stylesheets: ["app.css", "/static/banner.css"],
///     icon: "/static/icon.svg",
///     assets: AppAssets(["app.css": Array("main { max-width: 40rem; }".utf8)]),
///     header: { page in AnyHTML { a(.href("/"), .class("app-name")) { page.appName } } },
///     footer: { _ in AnyHTML { small { "© Scores" } } })
/// ```
/// `PageLayout(theme: Theme(accent: .hex("#0a7d4f")))` sets the chrome's accent colours
/// (<doc:Theming>).
///
/// The hooks are `@Sendable` closures, so one layout is configured at start-up and shared by
/// all server threads; each is called per page with the page being drawn and returns the
/// markup (`nil` renders nothing: no `<header>` / `<footer>` element at all). At start-up,
/// ``Application/serve(_:logger:)`` warns about every linked `/static/` file that the
/// public directory does not hold, and every logical name the assets do not.
public struct PageLayout: Sendable {
    /// Stylesheets linked after the framework's own, in order: URLs (`/static/app.css`) or
    /// logical names of ``assets`` (`app.css`).
    public var stylesheets: [String]
    /// Scripts loaded (`defer`) after the framework's enhancement script, in order: URLs or
    /// logical names of ``assets``.
    public var scripts: [String]
    /// The icon, a URL or a logical name of ``assets``; `nil` uses the framework's default icon.
    public var icon: String?
    /// The app's own files compiled in, served content-hashed under `/_webrouter/app/`
    /// (see ``AppAssets``); the stylesheets, scripts and icon may name them.
    public var assets: AppAssets
    /// The app's colours for the chrome (see ``Theme``); `nil` keeps the framework's blue.
    public var theme: Theme? {
        didSet { themeStylesheet = theme.map(Self.stylesheet(for:)) }
    }
    /// The theme as a stylesheet served under `/_webrouter/`, content-hashed.
    private(set) var themeStylesheet: ChromeAsset?
    /// The tags of an installable app every `<head>` carries (the manifest link, theme
    /// colours, iOS's tags, the worker's registration), set by the ``Application``.
    var installableHead = ""
    /// Extra tags at the end of `<head>`.
    public var head: @Sendable (PageModel) -> AnyHTML?
    /// The content of `<header class="app-header">`.
    public var header: @Sendable (PageModel) -> AnyHTML?
    /// The content of `<footer class="app-footer">`.
    public var footer: @Sendable (PageModel) -> AnyHTML?

    /// A layout linking the given files after the framework's, with the given hooks; every part is empty by default.
    public init(
        stylesheets: [String] = [],
        scripts: [String] = [],
        icon: String? = nil,
        theme: Theme? = nil,
        assets: AppAssets = .none,
        head: @escaping @Sendable (PageModel) -> AnyHTML? = { _ in nil },
        header: @escaping @Sendable (PageModel) -> AnyHTML? = { _ in nil },
        footer: @escaping @Sendable (PageModel) -> AnyHTML? = { _ in nil }
    ) {
        self.stylesheets = stylesheets
        self.scripts = scripts
        self.icon = icon
        self.theme = theme
        self.assets = assets
        self.themeStylesheet = theme.map(Self.stylesheet(for:))
        self.head = head
        self.header = header
        self.footer = footer
    }

    /// The framework's assets only: no extra head tags, no header, no footer.
    public static let `default` = PageLayout()

    static func stylesheet(for theme: Theme) -> ChromeAsset {
        ChromeAsset(name: "theme.css", contentType: "text/css; charset=utf-8", bytes: Array(theme.stylesheet.utf8))
    }

    /// The URLs of the app's own files the layout links (stylesheets, scripts, icon), logical
    /// names resolved.
    var linkedURLs: [String] { (stylesheets + scripts + (icon.map { [$0] } ?? [])).map(assets.resolve) }
}
