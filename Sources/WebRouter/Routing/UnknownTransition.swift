import WebRouterHTML
/// What a page says about a move along a transition the route table never saw. Linking a
/// `let` or a get-only computed transition does not compile (`Router.link` takes a writable
/// key path), so what is left is what compiles but start-up cannot catch, since reflection
/// finds stored properties only: a computed property with a setter, or an optional
/// transition that is `nil` in the tree.
///
/// ```swift
/// UnknownTransition.message(screen: "Inbox", edge: Push<Inbox, Message>(Message())._edge)
/// // "Inbox links to Message through a transition the route table never saw. …"
/// ```
enum UnknownTransition {
    static func message(screen: String, edge: _RouteEdge) -> String {
        let target = edge.target.map { RouteTableBuilder.typeName(of: $0) } ?? "the universal transition \"\(edge.name ?? "")\""
        return "\(screen) links to \(target) through a transition the route table never saw. Transitions must be "
            + "stored `var` properties, found at start-up (`var detail: Push<\(screen), \(target)>`), not computed "
            + "ones (even with a setter), and optional ones must not be nil in the tree."
    }
}
