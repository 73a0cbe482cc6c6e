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
    associatedtype Wrapped: Screen
    var wrapped: Wrapped { get }
}

extension ScreenContainer {
    public var nestedScreen: NestedScreen { wrapped.nestedScreen }
    public func configure(_ presentation: inout ScreenPresentation) {
        wrapped.configure(&presentation)
    }
}
