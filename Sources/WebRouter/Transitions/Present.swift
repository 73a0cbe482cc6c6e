import WebRouterHTML
/// Presents a screen as a modal layer over the current one: a `~name` URL step, rendered
/// as a `<dialog>` with a dismiss link; pushes after it belong to the layer's own stack.
///
/// ```swift
/// struct Search: ContentScreen {
///     var user: Present<Search, Navigation<Player>>
/// }
/// Search(user: Present(Navigation(Player(team: Push(Team())))))   // /search/~user/7/team/3
/// ```
public struct Present<From: ContentScreen, To: Screen>: Transition {
    /// The value the move needs: the target screen's context.
    public typealias Context = To.Context
    /// Framework machinery (see `_RouteEdgeCarrying`): the route-graph edge this transition stands for.
    public private(set) var _edge: _RouteEdge

    /// Presents `to` in a modal layer of `style` (a sheet by default); its context follows the `~name` step.
    public init(_ to: To, style: ModalStyle = .sheet()) where To.Context: URLContext {
        _edge = _RouteEdge(kind: .present(style), target: to, codec: .of(To.Context.self))
    }

    /// Presents `to`, a screen without context, in a modal layer of `style` (a sheet by default).
    public init(_ to: To, style: ModalStyle = .sheet()) where To.Context == Void {
        _edge = _RouteEdge(kind: .present(style), target: to, codec: .void)
    }

    /// A reference to the universal transition `name` registered on the window, for a
    /// computed property every screen has, linked with `router.link(universal: \.share)`:
    /// ```swift
    /// extension ContentScreen {
    ///     var share: Present<Self, Share> { Present(universal: "share") }
    /// }
    /// ```
    public init(universal name: String) where To.Context == Void {
        _edge = _RouteEdge(universal: name, kind: .present(.sheet()), codec: .void)
    }

    /// A reference to the universal transition `name` registered on the window, for a target with a context.
    public init(universal name: String) where To.Context: URLContext {
        _edge = _RouteEdge(universal: name, kind: .present(.sheet()), codec: .of(To.Context.self))
    }

    /// Overrides the URL step name (by default the kebab-cased property name).
    public func named(_ name: String) -> Self {
        var copy = self
        copy._edge.name = name
        return copy
    }

    /// Makes the screen this presentation reaches, and every screen reached from it, need a signed-in
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
    /// `Player().navigation().present()`: presents this screen, whose context follows the
    /// `~name` step, in a modal layer of `style` (a sheet by default), `From` inferred.
    public func present<From: ContentScreen>(_ style: ModalStyle = .sheet()) -> Present<From, Self>
    where Context: URLContext { Present(self, style: style) }

    /// `Settings().navigation().present()`: presents this screen without context in a modal
    /// layer of `style` (a sheet by default), `From` inferred.
    public func present<From: ContentScreen>(_ style: ModalStyle = .sheet()) -> Present<From, Self>
    where Context == Void { Present(self, style: style) }
}
