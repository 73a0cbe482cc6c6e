import WebRouterHTML
/// Pushes a screen onto the current navigation stack: one more URL path step and one
/// more breadcrumb entry.
///
/// ```swift
/// struct Feed: ContentScreen {
///     var match: Push<Feed, Match>
/// }
/// Feed(match: Push(Match()))       // /feed/match/12
/// ```
/// The target's context must be a `URLContext` (or `Void`), checked at compile time.
public struct Push<From: ContentScreen, To: Screen>: Transition {
    /// The value the move needs: the target screen's context.
    public typealias Context = To.Context
    /// Framework machinery (see `_RouteEdgeCarrying`): the route-graph edge this transition stands for.
    public private(set) var _edge: _RouteEdge

    /// A push to `to`, whose context becomes the step's path segments (`/match/12`).
    public init(_ to: To) where To.Context: URLContext {
        _edge = _RouteEdge(kind: .push, target: to, codec: .of(To.Context.self))
    }

    /// A push to `to`, a screen without context (`/settings`).
    public init(_ to: To) where To.Context == Void {
        _edge = _RouteEdge(kind: .push, target: to, codec: .void)
    }

    /// A reference to the universal push `name` registered on the window, for a computed
    /// property every screen has, linked with `router.link(universal:)`.
    public init(universal name: String) where To.Context == Void {
        _edge = _RouteEdge(universal: name, kind: .push, codec: .void)
    }

    /// A reference to the universal push `name` registered on the window, for a target with a context.
    public init(universal name: String) where To.Context: URLContext {
        _edge = _RouteEdge(universal: name, kind: .push, codec: .of(To.Context.self))
    }

    /// Overrides the URL step name (by default the kebab-cased property name).
    public func named(_ name: String) -> Self {
        var copy = self
        copy._edge.name = name
        return copy
    }

    /// Makes the screen this push reaches, and every screen reached from it, need a signed-in
    /// person (with `role`, when given), keeping the property's type:
    /// ```swift
    /// Article(edit: Push(EditArticle()).requiresSignIn(role: "editor"))
    /// ```
    /// See `Screen.requiresSignIn(role:)` and <doc:SignInPerScreen>.
    public func requiresSignIn(role: String? = nil) -> Self {
        var copy = self
        copy._edge.access = copy._edge.access.adding(requiresSignIn: true, roles: role.map { [$0] } ?? [])
        return copy
    }
}

extension Screen {
    /// `Player().push()`: a push to this screen, its `From` inferred from the property type.
    public func push<From: ContentScreen>() -> Push<From, Self> where Context: URLContext { Push(self) }
    /// `Settings().push()`: a push to this screen without context, its `From` inferred.
    public func push<From: ContentScreen>() -> Push<From, Self> where Context == Void { Push(self) }
}
