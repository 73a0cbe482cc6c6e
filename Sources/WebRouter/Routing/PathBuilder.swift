import WebRouterHTML
/// The root of the tree, the start of a typed deep link (ScreenUI's `router.root()`).
///
/// ```swift
/// router.root().tab(Search.self)?.move(\.user, 7).move(\.team, 3).url   // "/search/~user/7/team/3"
/// ```
public struct RootPath: Sendable {
    let table: RouteTable
    /// The request being rendered (from `router.root()`), told about a move the route table
    /// never saw; `nil` outside a request (`app.root()`).
    var request: RequestContext? = nil

    /// The tab whose root content screen is `S`; `nil` when no tab has it.
    public func tab<S: ContentScreen>(_ screen: S.Type) -> PathBuilder<S>? {
        root(of: S.self) { if case .tab = $0 { true } else { false } }
    }

    /// The window case whose content screen is `S`; `nil` when no case has it.
    public func `case`<S: ContentScreen>(_ screen: S.Type) -> PathBuilder<S>? where S.Context == Void {
        root(of: S.self) { if case .windowCase = $0 { true } else { false } }
    }

    private func root<S: ContentScreen>(of type: S.Type, where matches: (RouteNode.Kind) -> Bool) -> PathBuilder<S>? {
        let wanted = ObjectIdentifier(S.self)
        for root in table.roots where root.screenType == wanted && matches(root.kind) {
            guard let box = table.nodes[root.node].screenBox(as: S.self) else { return nil }
            return PathBuilder(table: table, state: table.rootState(root.node), box: box, request: request)
        }
        return nil
    }
}

/// A typed deep link under construction: each `move` follows a transition of the current
/// screen, checked at compile time.
///
/// A move along a transition the route table never saw (a computed property) leads nowhere:
/// the builder's ``url`` is then `#unknown-transition`, and a page being rendered answers
/// `500` naming the screen and the fix, as ``Router`` links do.
public struct PathBuilder<S: ContentScreen>: Sendable {
    let table: RouteTable
    /// The state reached so far (up to the last move the tree has).
    public let state: RouteState
    /// The screen reached, read in place (see ``ScreenBox``); `nil` after a move the route
    /// table never saw.
    @usableFromInline let box: ScreenBox<S>?
    /// The request to tell about such a move, when there is one.
    let request: RequestContext?

    init(table: RouteTable, state: RouteState, box: ScreenBox<S>?, request: RequestContext?) {
        self.table = table
        self.state = state
        self.box = box
        self.request = request
    }

    /// The URL of the state reached so far; `#unknown-transition` after a move the route
    /// table never saw. Built from `router.root()` while a request carries a `next` page
    /// (see ``RequestContext/nextURL``), the URL carries it too.
    public var url: String {
        guard box != nil else { return "#unknown-transition" }
        guard let request, request.request.rawQuery != nil else { return table.print(state) }
        var carried = state
        table.carryNext(from: request.request.query, into: &carried)
        return table.print(carried)
    }

    /// Follows a transition that takes a context.
    @inlinable
    public func move<T: Transition>(_ transition: WritableKeyPath<S, T>, _ context: T.To.Context) -> PathBuilder<T.To.NestedScreen>
    where T.From == S, T.To.Context: URLContext {
        follow(transition, Self.segments(of: context))
    }

    /// Follows a transition without context.
    @inlinable
    public func move<T: Transition>(_ transition: WritableKeyPath<S, T>) -> PathBuilder<T.To.NestedScreen>
    where T.From == S, T.To.Context == Void {
        follow(transition, [])
    }

    /// Follows an optional transition that takes a context; `nil` where the tree leaves it out.
    @inlinable
    public func move<T: Transition>(_ transition: WritableKeyPath<S, T?>, _ context: T.To.Context) -> PathBuilder<T.To.NestedScreen>?
    where T.From == S, T.To.Context: URLContext {
        follow(transition, Self.segments(of: context))
    }

    /// Follows an optional transition without context; `nil` where the tree leaves it out.
    @inlinable
    public func move<T: Transition>(_ transition: WritableKeyPath<S, T?>) -> PathBuilder<T.To.NestedScreen>?
    where T.From == S, T.To.Context == Void {
        follow(transition, [])
    }

    /// Follows a universal transition, which an extension declares as a computed property
    /// (see ``UniversalTransition``): `.move(universal: \.share)`.
    @inlinable
    public func move<T: Transition>(universal transition: KeyPath<S, T>) -> PathBuilder<T.To.NestedScreen>
    where T.From == S, T.To.Context == Void {
        follow(transition, [])
    }

    /// Follows a universal transition to a screen with a context.
    @inlinable
    public func move<T: Transition>(universal transition: KeyPath<S, T>, _ context: T.To.Context) -> PathBuilder<T.To.NestedScreen>
    where T.From == S, T.To.Context: URLContext {
        follow(transition, Self.segments(of: context))
    }

    /// The one core of the typed moves: reads the transition through its key path (a field
    /// access where the key path is a literal) and follows its edge with `segments`.
    @inlinable
    func follow<T: Transition>(_ transition: KeyPath<S, T>, _ segments: [String]) -> PathBuilder<T.To.NestedScreen>
    where T.From == S {
        guard let box else { return lost() }
        return move(box.screen[keyPath: transition]._edge, segments)
    }

    /// The same for an optional transition: `nil` where the tree leaves it out.
    @inlinable
    func follow<T: Transition>(_ transition: KeyPath<S, T?>, _ segments: [String]) -> PathBuilder<T.To.NestedScreen>?
    where T.From == S {
        guard let box else { return lost() }
        guard let edge = box.screen[keyPath: transition]?._edge else { return nil }
        return move(edge, segments)
    }

    /// A context's path segments (`12` → `["12"]`).
    @inlinable
    static func segments<Context: URLContext>(of context: Context) -> [String] {
        var segments: [String] = []
        context.appendPathSegments(to: &segments)
        return segments
    }

    // A transition declared with `let` or as a computed property has a read-only key path:
    // these twins make the move a compile-time error naming the fix, where the deep link
    // would otherwise lead nowhere (the route table never saw the transition).

    /// Unavailable: a transition declared with `let` or as a computed property; declare it
    /// as a stored `var` property.
    @available(*, unavailable, message: "Declare transitions as stored `var` properties (`var detail: Push<Feed, Detail>`): the route table finds them at start-up; a `let` or a computed property cannot be followed (a universal transition is followed with `move(universal:)`)")
    public func move<T: Transition>(_ transition: KeyPath<S, T>, _ context: T.To.Context) -> PathBuilder<T.To.NestedScreen>
    where T.From == S, T.To.Context: URLContext { fatalError() }

    /// Unavailable: a transition declared with `let` or as a computed property; declare it
    /// as a stored `var` property.
    @available(*, unavailable, message: "Declare transitions as stored `var` properties (`var detail: Push<Feed, Detail>`): the route table finds them at start-up; a `let` or a computed property cannot be followed (a universal transition is followed with `move(universal:)`)")
    public func move<T: Transition>(_ transition: KeyPath<S, T>) -> PathBuilder<T.To.NestedScreen>
    where T.From == S, T.To.Context == Void { fatalError() }

    /// Unavailable: an optional transition declared with `let` or as a computed property;
    /// declare it as a stored `var` property.
    @available(*, unavailable, message: "Declare transitions as stored `var` properties (`var detail: Push<Feed, Detail>?`): the route table finds them at start-up; a `let` or a computed property cannot be followed (a universal transition is followed with `move(universal:)`)")
    public func move<T: Transition>(_ transition: KeyPath<S, T?>, _ context: T.To.Context) -> PathBuilder<T.To.NestedScreen>?
    where T.From == S, T.To.Context: URLContext { fatalError() }

    /// Unavailable: an optional transition declared with `let` or as a computed property;
    /// declare it as a stored `var` property.
    @available(*, unavailable, message: "Declare transitions as stored `var` properties (`var detail: Push<Feed, Detail>?`): the route table finds them at start-up; a `let` or a computed property cannot be followed (a universal transition is followed with `move(universal:)`)")
    public func move<T: Transition>(_ transition: KeyPath<S, T?>) -> PathBuilder<T.To.NestedScreen>?
    where T.From == S, T.To.Context == Void { fatalError() }

    /// A builder that stays lost: the moves after one the route table never saw.
    @usableFromInline func lost<Next: ContentScreen>() -> PathBuilder<Next> {
        PathBuilder<Next>(table: table, state: state, box: nil, request: request)
    }

    @usableFromInline func move<Next: ContentScreen>(_ edge: _RouteEdge, _ segments: [String]) -> PathBuilder<Next> {
        let node = table.nodes[state.steps[state.steps.count - 1].node]
        // An edge of this node's own screen value, which the route table walked, has a child
        // showing `Next`; an edge made afresh (a computed property) has none.
        guard let child = node.child(following: edge),
              let next = table.nodes[child].screenBox(as: Next.self) else {
            request?.reportBrokenLink(UnknownTransition.message(screen: node.screenName, edge: edge))
            return lost()
        }
        return PathBuilder<Next>(table: table, state: state.appending(node: child, segments: segments), box: next,
                                 request: request)
    }
}
