import WebRouterHTML
import WebRouterHTTP
/// A screen that renders an HTML fragment and owns transitions to other screens.
///
/// A content screen is a struct whose stored properties are its constants and its typed
/// transitions; the framework reads the transitions once, at start-up, and names each URL
/// step after its property (`gameDay` → `game-day`).
/// ```swift
/// struct Feed: ContentScreen {
///     let title = "Feed"                           // a screen constant
///     var match: Push<Feed, Match>                 // a typed transition
///     var gameDay: Push<Feed, GameDay>?            // an optional transition
///
///     func body(_ context: Void, router: Router<Feed>) -> some HTML {
///         h1 { router[next: \.title] }
///         a(.href(router.link(\.match, 12))) { "Match 12" }
///     }
/// }
/// ```
/// The fragment is wrapped in the page chrome (tabs, breadcrumb, modal layer) by the
/// framework; it is never a whole page. `body` may `await` data and may throw an
/// ``HTTPError`` (for instance `.notFound` for a missing id).
public protocol ContentScreen: Screen where NestedScreen == Self {
    /// The HTML fragment type `body` returns.
    associatedtype Body: HTML

    /// The screen's title constant: `<title>`, breadcrumb and tab labels. Defaults to the
    /// type's name.
    var title: String { get }
    /// The title for one context, e.g. "Match 12"; defaults to `title`.
    func title(for context: Context) -> String
    /// A short symbol (an emoji or a character) shown above the label in the tab bar.
    var tabIcon: String? { get }

    /// The named actions the screen handles on `POST` (``NoAction`` when none).
    associatedtype Action: ScreenAction = NoAction
    /// Typed state kept in the query string (``NoQuery`` when none).
    associatedtype Query: ScreenQuery = NoQuery
    /// The alerts and confirmation dialogs the screen shows (``NoAlert`` when none).
    associatedtype Alert: ScreenAlert = NoAlert

    /// What the screen shows that can change while its page is open (``LiveKey``): a page
    /// showing a key refreshes in place when the app calls `Application.refresh(_:)` with
    /// it. None by default, and a page with none opens no event stream.
    /// ```swift
    /// func liveKeys(for id: Int) -> [LiveKey] { [LiveKey("match", id)] }
    /// ```
    func liveKeys(for context: Context) -> [LiveKey]

    /// Renders the screen's fragment for a context.
    @HTMLBuilder
    func body(_ context: Context, router: Router<Self>) async throws -> Body

    /// Handles a `POST` of one of the screen's actions, with the decoded form (its CSRF token
    /// already checked), and says where to go next.
    func perform(_ action: Action, form: FormData, router: Router<Self>) async throws -> ActionResult

    /// Renders `body(_:router:)` into `output`: framework machinery, underscored so that
    /// documentation and completion hide it (implemented for every screen by an extension).
    /// A requirement with a default so that each conformance carries a copy compiled for
    /// its screen type: the builder's nested generic types then render without runtime
    /// generic metadata (several times faster than rendering through `some HTML`).
    func _renderBody(_ context: Context, router: Router<Self>, into output: inout HTMLOutput) async throws

    /// The content of one of the screen's alerts, shown over the page.
    func alert(_ alert: Alert, router: Router<Self>) -> AlertModel

    /// `title(for:)` for a context the route table holds type-erased (the breadcrumb's
    /// titles); framework machinery, underscored like `_renderBody`. Compiled for each screen type, it casts to the concrete
    /// context type instead of looking up generic metadata on every page.
    func _title(forAnyContext context: any Sendable) -> String
}

extension ContentScreen where Action == NoAction {
    /// Never called: a `POST` to a screen without actions is answered `405 Method Not Allowed`.
    public func perform(_ action: NoAction, form: FormData, router: Router<Self>) async throws -> ActionResult {
        .move(to: router.url)
    }
}

extension ContentScreen {
    @inlinable
    public func _renderBody(_ context: Context, router: Router<Self>, into output: inout HTMLOutput) async throws {
        try await body(context, router: router).render(into: &output)
    }

    /// A content screen is its own nested screen.
    public var nestedScreen: Self { self }
    public var title: String { Self.screenName }
    public func title(for context: Context) -> String { title }
    public var tabIcon: String? { nil }
    public func liveKeys(for context: Context) -> [LiveKey] { [] }

    @inlinable
    public func _title(forAnyContext context: any Sendable) -> String {
        guard let typed = context as? Context else { return title }
        return title(for: typed)
    }
}
