/// Presents a screen as a modal layer over the current one: a `~name` URL step, rendered
/// as a `<dialog>` with a dismiss link; pushes after it belong to the layer's own stack.
///
/// ```swift
/// struct Search: ContentScreen {
///     let user: Present<Search, Navigation<Player>>
/// }
/// Search(user: Present(Navigation(Player(team: Push(Team())))))   // /search/~user/7/team/3
/// ```
public struct Present<From: ContentScreen, To: Screen>: Transition {
    public typealias Context = To.Context
    public private(set) var _edge: _RouteEdge

    public init(_ to: To, style: ModalStyle = .sheet()) where To.Context: URLContext {
        _edge = _RouteEdge(kind: .present(style), target: to, codec: .of(To.Context.self))
    }

    public init(_ to: To, style: ModalStyle = .sheet()) where To.Context == Void {
        _edge = _RouteEdge(kind: .present(style), target: to, codec: .void)
    }

    /// A reference to the universal transition `name` registered on the window, for a
    /// computed property every screen has:
    /// ```swift
    /// extension ContentScreen {
    ///     var share: Present<Self, Share> { Present(universal: "share") }
    /// }
    /// ```
    public init(universal name: String) where To.Context == Void {
        _edge = _RouteEdge(universal: name, kind: .present(.sheet()), codec: .void)
    }

    public init(universal name: String) where To.Context: URLContext {
        _edge = _RouteEdge(universal: name, kind: .present(.sheet()), codec: .of(To.Context.self))
    }

    /// Overrides the URL step name (by default the kebab-cased property name).
    public func named(_ name: String) -> Self {
        var copy = self
        copy._edge.name = name
        return copy
    }
}

extension Screen {
    /// `Settings().navigation().present()`: presents this screen, `From` inferred.
    public func present<From: ContentScreen>(_ style: ModalStyle = .sheet()) -> Present<From, Self>
    where Context: URLContext { Present(self, style: style) }

    public func present<From: ContentScreen>(_ style: ModalStyle = .sheet()) -> Present<From, Self>
    where Context == Void { Present(self, style: style) }
}
