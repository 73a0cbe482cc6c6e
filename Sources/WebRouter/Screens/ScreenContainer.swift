import WebRouterHTML
/// A screen that wraps another screen and changes how it is shown, like `Navigation`.
///
/// The wrapped screen keeps its context and stays the target of routing moves.
/// ```swift
/// struct Bordered<Wrapped: Screen>: ScreenContainer {
///     let wrapped: Wrapped
///     func configure(_ p: inout ScreenPresentation) {
///         wrapped.configure(&p)
///         p.classes.append("bordered")
///     }
/// }
/// ```
public protocol ScreenContainer: Screen
where Context == Wrapped.Context, NestedScreen == Wrapped.NestedScreen {
    /// The type of the screen inside the container.
    associatedtype Wrapped: Screen
    /// The screen inside the container; it keeps its context and its routing moves.
    var wrapped: Wrapped { get }
}

extension ScreenContainer {
    /// The wrapped screen's nested content screen: containers are transparent to routing.
    public var nestedScreen: NestedScreen { wrapped.nestedScreen }
    /// Lets the wrapped screen configure the presentation, adding nothing of its own.
    public func configure(_ presentation: inout ScreenPresentation) {
        wrapped.configure(&presentation)
    }
}
