/// The root of a screen tree with one content: a screen (`/` is that screen) or a tab bar
/// (`/` leads to the first tab).
///
/// ```swift
/// let tree = Window(Tabs {
///     Navigation(Feed(match: Push(Match())))
///     Navigation(Search())
/// })
/// ```
public struct Window: Sendable {
    var spec: WindowSpec

    public init<Root: Screen>(_ root: Root) where Root.Context == Void {
        spec = WindowSpec(cases: [WindowCase(content: .screen(root))], isConditional: false,
                          select: { _ in 0 }, alwaysAvailable: [0])
    }

    public init(_ tabs: Tabs) {
        spec = WindowSpec(cases: [WindowCase(content: .tabs(tabs))], isConditional: false,
                          select: { _ in 0 }, alwaysAvailable: [0])
    }
}

/// A window whose case is chosen per request by a condition the app supplies, such as
/// whether the visitor is signed in (ScreenUI's `ConditionalWindow`).
///
/// Each case has URLs of its own (`/launch`, `/welcome/~login`, `/feed`…). A request for a
/// URL of a case that is not available is redirected to the available case, with the wanted
/// URL kept in a `next` query parameter.
/// ```swift
/// ConditionalWindow(selecting: { $0.session["user"] == nil ? 1 : 2 }, alwaysAvailable: [0]) {
///     Launch()
///     Welcome(login: Present(Navigation(Login())))
///     Tabs { Navigation(Feed()) }
/// }
/// ```
public struct ConditionalWindow: Sendable {
    var spec: WindowSpec

    /// - Parameters:
    ///   - selecting: the index of the case that applies to a request.
    ///   - alwaysAvailable: indices of cases reachable whatever the condition says.
    public init(
        selecting: @escaping @Sendable (RequestContext) -> Int,
        alwaysAvailable: Set<Int> = [],
        @WindowCaseBuilder _ cases: () -> [WindowCase]
    ) {
        spec = WindowSpec(cases: cases(), isConditional: true, select: selecting,
                          alwaysAvailable: alwaysAvailable)
    }
}

/// What both window kinds boil down to.
struct WindowSpec: Sendable {
    let cases: [WindowCase]
    let isConditional: Bool
    let select: @Sendable (RequestContext) -> Int
    let alwaysAvailable: Set<Int>
    /// Transitions every screen has.
    var universal: [UniversalTransition] = []
}
