/// What a page says about a move along a transition the route table never saw: the one
/// trap of the screen tree that start-up cannot catch, since reflection finds stored
/// properties only.
///
/// ```swift
/// UnknownTransition.message(screen: "Inbox", edge: Push<Inbox, Message>(Message())._edge)
/// // "Inbox links to Message through a transition the route table never saw. …"
/// ```
enum UnknownTransition {
    static func message(screen: String, edge: _RouteEdge) -> String {
        let target = edge.target.map { RouteTableBuilder.typeName(of: $0) } ?? "the universal transition \"\(edge.name ?? "")\""
        return "\(screen) links to \(target) through a transition the route table never saw. Transitions must be "
            + "stored properties, found at start-up (`let detail: Push<\(screen), \(target)>`), not computed "
            + "ones (`var detail: Push<…> { Push(…) }`), and optional ones must not be nil in the tree."
    }
}
