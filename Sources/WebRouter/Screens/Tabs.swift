import WebRouterHTML
/// A tab bar: each entry is the root of its own stack, named in the URL's first step.
///
/// ```swift
/// Tabs {
///     Navigation(Feed(match: Push(Match())))      // /feed
///     Navigation(Search(user: …))                  // /search
/// }
/// ```
/// A tab's URL name is its root screen's kebab-cased type name (`.named("home")` changes
/// it), its label the root's `title` constant (`.tabItem("Home", icon: "🏠")` changes it).
/// Tab roots take no context: a tab is reached by its name alone.
public struct Tabs: Sendable {
    let entries: [TabEntry]
    var hooks: [@Sendable (inout TabBarPresentation) -> Void] = []

    /// A tab bar of the screens the block lists, in the order the bar shows them.
    public init(@TabsBuilder _ content: () -> [TabEntry]) {
        self.entries = content()
    }

    /// Adjusts the tab bar's presentation (ScreenUI's `configContent` on `Tabs`).
    public func configContent(_ hook: @escaping @Sendable (inout TabBarPresentation) -> Void) -> Tabs {
        var copy = self
        copy.hooks.append(hook)
        return copy
    }

    var presentation: TabBarPresentation {
        var presentation = TabBarPresentation()
        for hook in hooks { hook(&presentation) }
        return presentation
    }
}

/// How the tab bar is shown; `Tabs.configContent` adjusts it.
public struct TabBarPresentation: Sendable, Equatable {
    /// CSS classes added to `<nav aria-label="Tabs">`.
    public var classes: [String] = []
    /// The default presentation: no extra classes.
    public init() {}
}

/// One tab of a `Tabs` builder: a screen without context.
public struct TabEntry: Sendable {
    let root: any Screen
}

/// Collects the tabs of `Tabs { … }`; `if`, `if/else` and `for` are allowed.
@resultBuilder
public enum TabsBuilder {
    /// Accepts a screen without context as one tab.
    public static func buildExpression<S: Screen>(_ screen: S) -> [TabEntry] where S.Context == Void {
        [TabEntry(root: screen)]
    }
    /// The tabs of every statement, in order.
    public static func buildBlock(_ parts: [TabEntry]...) -> [TabEntry] { parts.flatMap { $0 } }
    /// An `if` without `else`: its tabs when the condition held, else none.
    public static func buildOptional(_ part: [TabEntry]?) -> [TabEntry] { part ?? [] }
    /// The tabs of the first branch of an `if`/`else`.
    public static func buildEither(first: [TabEntry]) -> [TabEntry] { first }
    /// The tabs of the second branch of an `if`/`else`.
    public static func buildEither(second: [TabEntry]) -> [TabEntry] { second }
    /// A `for` loop: the tabs of every iteration, in order.
    public static func buildArray(_ parts: [[TabEntry]]) -> [TabEntry] { parts.flatMap { $0 } }
}
