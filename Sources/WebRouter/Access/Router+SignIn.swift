import WebRouterHTML
extension Router {
    /// The URL of the app's sign-in (`Window.signIn(_:named:style:)`) presented over this
    /// screen, with this screen's URL as its `next`, for a "Sign in" link in a header or a
    /// screen: after signing in the person comes back here (or, when this page already
    /// carries a `next`, goes on to that). `nil` when the window names no sign-in.
    /// ```swift
    /// if let signIn = router.signInURL { a(.href(signIn)) { "Sign in" } }   // /home/~sign-in?next=/home
    /// ```
    public var signInURL: String? {
        let node = path.state.steps[position].node
        guard let child = table.signInChild(of: node) else { return nil }
        let carried = path.state.query.first { $0.name == RouteTable.nextName && $0.step <= position }?.value
        var state = table.withoutNext(path.state.prefix(position + 1))
        let target = carried ?? table.print(state)
        state = state.appending(node: child, segments: [])
        state.query.append(RouteState.QueryPair(step: position + 1, name: RouteTable.nextName, value: target))
        return table.print(state)
    }
}
