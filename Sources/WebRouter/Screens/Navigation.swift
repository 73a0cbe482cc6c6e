import WebRouterHTML
/// A navigation stack: pushes from its root add URL steps and breadcrumb entries.
///
/// ```swift
/// Navigation(Feed(match: Push(Match())))          // /feed, /feed/match/12
/// Present(Navigation(Player(team: Push(Team())))) // a modal with its own stack
/// ```
public struct Navigation<Root: Screen>: ScreenContainer {
    /// The wrapped screen's context, passed through.
    public typealias Context = Root.Context
    /// The content screen at the core, the target of routing moves.
    public typealias NestedScreen = Root.NestedScreen
    /// The stack's root screen.
    public let wrapped: Root

    /// A navigation stack rooted at `root`.
    public init(_ root: Root) { self.wrapped = root }

    /// Lets the root configure the presentation, then marks it a navigation stack (a breadcrumb).
    public func configure(_ presentation: inout ScreenPresentation) {
        wrapped.configure(&presentation)
        presentation.isNavigationStack = true
    }
}

extension Screen {
    /// Wraps the screen in a navigation stack: `Settings(…).navigation()`.
    public func navigation() -> Navigation<Self> { Navigation(self) }
}
