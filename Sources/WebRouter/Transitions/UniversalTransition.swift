import WebRouterHTML
/// A transition every screen has without declaring it (ScreenUI's universal transitions:
/// `extension ContentScreen { var alert: Present<Self, Alert> }`), registered once on the window.
///
/// ```swift
/// extension ContentScreen {
///     var share: Present<Self, Share> { Present(universal: "share") }
/// }
/// let window = Window(Tabs { … }).universal(.present("share", Share(), style: .centered))
/// router.link(universal: \.share)   // "/feed/match/12/~share" from Match
/// ```
/// Screens reached through a universal transition do not get them again, and a screen that
/// declares a transition of the same name keeps its own.
public struct UniversalTransition: Sendable {
    let edge: _RouteEdge

    /// A modal layer named `name` over any screen.
    public static func present<To: Screen>(_ name: String, _ screen: To, style: ModalStyle = .sheet()) -> UniversalTransition
    where To.Context == Void {
        var edge = _RouteEdge(kind: .present(style), target: screen, codec: .void)
        edge.name = name
        return UniversalTransition(edge: edge)
    }

    /// A modal layer named `name` over any screen, for a target with a context (`/~name/<context>`).
    public static func present<To: Screen>(_ name: String, _ screen: To, style: ModalStyle = .sheet()) -> UniversalTransition
    where To.Context: URLContext {
        var edge = _RouteEdge(kind: .present(style), target: screen, codec: .of(To.Context.self))
        edge.name = name
        return UniversalTransition(edge: edge)
    }

    /// A push named `name` from any screen inside a navigation stack.
    public static func push<To: Screen>(_ name: String, _ screen: To) -> UniversalTransition where To.Context == Void {
        var edge = _RouteEdge(kind: .push, target: screen, codec: .void)
        edge.name = name
        return UniversalTransition(edge: edge)
    }

    /// A push named `name` from any screen inside a navigation stack, for a target with a context.
    public static func push<To: Screen>(_ name: String, _ screen: To) -> UniversalTransition where To.Context: URLContext {
        var edge = _RouteEdge(kind: .push, target: screen, codec: .of(To.Context.self))
        edge.name = name
        return UniversalTransition(edge: edge)
    }
}

extension Window {
    /// Adds transitions every screen of the tree has.
    public func universal(_ transitions: UniversalTransition...) -> Window {
        var copy = self
        copy.spec.universal += transitions
        return copy
    }
}
