/// A navigation stack: pushes from its root add URL steps and breadcrumb entries.
///
/// ```swift
/// Navigation(Feed(match: Push(Match())))          // /feed, /feed/match/12
/// Present(Navigation(Player(team: Push(Team())))) // a modal with its own stack
/// ```
public struct Navigation<Root: Screen>: ScreenContainer {
    public typealias Context = Root.Context
    public typealias NestedScreen = Root.NestedScreen
    public let wrapped: Root

    public init(_ root: Root) { self.wrapped = root }

    public func configure(_ presentation: inout ScreenPresentation) {
        wrapped.configure(&presentation)
        presentation.isNavigationStack = true
    }
}

extension Screen {
    /// Wraps the screen in a navigation stack: `Settings(…).navigation()`.
    public func navigation() -> Navigation<Self> { Navigation(self) }
}
