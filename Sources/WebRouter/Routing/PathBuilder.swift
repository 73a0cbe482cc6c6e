/// The root of the tree, the start of a typed deep link (ScreenUI's `router.root()`).
///
/// ```swift
/// router.root().tab(Search.self)?.move(\.user, 7).move(\.team, 3).url   // "/search/~user/7/team/3"
/// ```
public struct RootPath: Sendable {
    let table: RouteTable

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
            return PathBuilder(table: table, state: table.rootState(root.node), box: box)
        }
        return nil
    }
}

/// A typed deep link under construction: each `move` follows a transition of the current
/// screen, checked at compile time.
public struct PathBuilder<S: ContentScreen>: Sendable {
    let table: RouteTable
    /// The state reached so far.
    public let state: RouteState
    /// The screen reached, read in place (see ``ScreenBox``).
    @usableFromInline let box: ScreenBox<S>

    /// The URL of the state reached so far.
    public var url: String { table.print(state) }

    /// Follows a transition that takes a context.
    @inlinable
    public func move<T: Transition>(_ transition: KeyPath<S, T>, _ context: T.To.Context) -> PathBuilder<T.To.NestedScreen>
    where T.From == S, T.To.Context: URLContext {
        var segments: [String] = []
        context.appendPathSegments(to: &segments)
        return move(box.screen[keyPath: transition]._edge, segments)
    }

    /// Follows a transition without context.
    @inlinable
    public func move<T: Transition>(_ transition: KeyPath<S, T>) -> PathBuilder<T.To.NestedScreen>
    where T.From == S, T.To.Context == Void {
        move(box.screen[keyPath: transition]._edge, [])
    }

    /// Follows an optional transition that takes a context; `nil` where the tree leaves it out.
    @inlinable
    public func move<T: Transition>(_ transition: KeyPath<S, T?>, _ context: T.To.Context) -> PathBuilder<T.To.NestedScreen>?
    where T.From == S, T.To.Context: URLContext {
        guard let edge = box.screen[keyPath: transition]?._edge else { return nil }
        var segments: [String] = []
        context.appendPathSegments(to: &segments)
        return move(edge, segments)
    }

    /// Follows an optional transition without context; `nil` where the tree leaves it out.
    @inlinable
    public func move<T: Transition>(_ transition: KeyPath<S, T?>) -> PathBuilder<T.To.NestedScreen>?
    where T.From == S, T.To.Context == Void {
        guard let edge = box.screen[keyPath: transition]?._edge else { return nil }
        return move(edge, [])
    }

    @usableFromInline func move<Next: ContentScreen>(_ edge: _RouteEdge, _ segments: [String]) -> PathBuilder<Next> {
        let node = table.nodes[state.steps[state.steps.count - 1].node]
        // The edge comes from this node's own screen value, which the route table walked,
        // so the child exists and its content is `Next`, the transition's nested screen.
        guard let child = node.child(following: edge),
              let next = table.nodes[child].screenBox(as: Next.self) else {
            preconditionFailure("\(node.screenName) has a transition the route table did not find; transitions must be stored properties (or inside tuples/structs of them, 3 levels deep at most)")
        }
        return PathBuilder<Next>(table: table, state: state.appending(node: child, segments: segments), box: next)
    }
}
