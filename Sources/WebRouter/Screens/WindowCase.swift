import WebRouterHTML
/// One case of a window: a screen without context (`/welcome`) or a tab bar (`/feed`, …).
public struct WindowCase: Sendable {
    enum Content: Sendable {
        case screen(any Screen)
        case tabs(Tabs)
    }
    let content: Content
}

/// Collects the cases of `Window(selecting:) { … }` in order; index 0 is the first.
@resultBuilder
public enum WindowCaseBuilder {
    /// Accepts a screen without context as one case.
    public static func buildExpression<S: Screen>(_ screen: S) -> [WindowCase] where S.Context == Void {
        [WindowCase(content: .screen(screen))]
    }
    /// Accepts a tab bar as one case.
    public static func buildExpression(_ tabs: Tabs) -> [WindowCase] {
        [WindowCase(content: .tabs(tabs))]
    }
    /// The cases of every statement, in order.
    public static func buildBlock(_ parts: [WindowCase]...) -> [WindowCase] { parts.flatMap { $0 } }
}
