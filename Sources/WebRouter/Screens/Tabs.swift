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
    public init() {}
}

/// One tab of a `Tabs` builder: a screen without context.
public struct TabEntry: Sendable {
    let root: any Screen
}

/// Collects the tabs of `Tabs { … }`; `if`, `if/else` and `for` are allowed.
@resultBuilder
public enum TabsBuilder {
    public static func buildExpression<S: Screen>(_ screen: S) -> [TabEntry] where S.Context == Void {
        [TabEntry(root: screen)]
    }
    public static func buildBlock(_ parts: [TabEntry]...) -> [TabEntry] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [TabEntry]?) -> [TabEntry] { part ?? [] }
    public static func buildEither(first: [TabEntry]) -> [TabEntry] { first }
    public static func buildEither(second: [TabEntry]) -> [TabEntry] { second }
    public static func buildArray(_ parts: [[TabEntry]]) -> [TabEntry] { parts.flatMap { $0 } }
}
