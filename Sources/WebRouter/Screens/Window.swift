import WebRouterHTML
/// The root of a screen tree: one screen (`/` is that screen), a tab bar (`/` leads to the
/// first tab), or several cases of which a condition picks one per request (ScreenUI's
/// `ConditionalWindow`).
///
/// ```swift
/// let tree = Window(Tabs {
///     Navigation(Feed(match: Push(Match())))
///     Navigation(Search())
/// })
/// ```
/// With cases, each has URLs of its own (`/launch`, `/welcome/~login`, `/feed`…). A request
/// for a URL of a case that is not available is redirected to the available case, with the
/// wanted URL kept in a `next` query parameter:
/// ```swift
/// Window(selecting: { $0.session["user"] == nil ? 1 : 2 }, alwaysAvailable: [0]) {
///     Launch()
///     Welcome(login: Present(Navigation(Login())))
///     Tabs { Navigation(Feed()) }
/// }
/// ```
public struct Window: Sendable {
    var spec: WindowSpec

    /// A window of one screen without context: `/` shows it.
    public init<Root: Screen>(_ root: Root) where Root.Context == Void {
        spec = WindowSpec(cases: [WindowCase(content: .screen(root))], isConditional: false,
                          select: { _ in 0 }, alwaysAvailable: [0])
    }

    /// A window of one tab bar: `/` leads to its first tab.
    public init(_ tabs: Tabs) {
        spec = WindowSpec(cases: [WindowCase(content: .tabs(tabs))], isConditional: false,
                          select: { _ in 0 }, alwaysAvailable: [0])
    }

    /// A window of several cases, one chosen per request.
    /// - Parameters:
    ///   - selecting: the index of the case that applies to a request.
    ///   - alwaysAvailable: indices of cases reachable whatever the condition says.
    ///   - cases: screens without context and tab bars, in order; index 0 is the first.
    public init(
        selecting: @escaping @Sendable (RequestContext) -> Int,
        alwaysAvailable: Set<Int> = [],
        @WindowCaseBuilder _ cases: () -> [WindowCase]
    ) {
        spec = WindowSpec(cases: cases(), isConditional: true, select: selecting,
                          alwaysAvailable: alwaysAvailable)
    }
}

/// What a window boils down to.
struct WindowSpec: Sendable {
    let cases: [WindowCase]
    let isConditional: Bool
    let select: @Sendable (RequestContext) -> Int
    let alwaysAvailable: Set<Int>
    /// Transitions every screen has.
    var universal: [UniversalTransition] = []
    /// The app's sign-in, presented over the nearest public screen when a signed-out person
    /// opens a screen that needs sign-in (also one of ``universal``).
    var signIn: _RouteEdge?
}
