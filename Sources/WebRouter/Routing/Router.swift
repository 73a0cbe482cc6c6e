/// The router a screen gets while it renders (ScreenUI's `Router<From>`): typed links to
/// its transitions, the moves back and out of layers, its constants, and deep links.
///
/// ```swift
/// func body(_ id: Int, router: Router<Match>) -> some HTML {
///     h1 { router[next: \.title] }
///     a(.href(router.link(\.team, match.homeTeamID))) { home.name }
///     if let back = router.back { a(.href(back)) { "Back" } }
/// }
/// ```
/// Every URL is computed from the current state and the key path's transition, so it is
/// typed end to end: `\.team` must be a transition this screen owns, and its context
/// value must have the target screen's context type.
public struct Router<From: ContentScreen>: Sendable {
    let table: RouteTable
    /// The whole state of the request (this screen may sit beneath a modal).
    let path: ParsedPath
    /// This screen's step in `path`.
    let position: Int
    /// The URL of this screen: the state up to and including its step.
    public let url: String
    /// The screen value at this place of the tree.
    public let screen: From
    /// The request being answered.
    public let request: RequestContext

    init(table: RouteTable, path: ParsedPath, position: Int, screen: From, request: RequestContext) {
        self.table = table
        self.path = path
        self.position = position
        self.screen = screen
        self.request = request
        self.url = table.url(path.state, prefix: position + 1)
    }

    /// A constant of the screen: `router[next: \.title]`.
    public subscript<Value>(next keyPath: KeyPath<From, Value>) -> Value {
        screen[keyPath: keyPath]
    }

    // MARK: - Typed links

    /// The URL of a move: `router.link(\.match, 12)` → `/feed/match/12`.
    public func link<T: Transition>(_ transition: KeyPath<From, T>, _ context: T.To.Context) -> String
    where T.From == From, T.To.Context: URLContext {
        let edge = screen[keyPath: transition]._edge
        var segments: [String] = []
        context.appendPathSegments(to: &segments)
        return link(edge, segments)
    }

    /// The URL of a move to a screen without context: `router.link(\.settings)`.
    public func link<T: Transition>(_ transition: KeyPath<From, T>) -> String
    where T.From == From, T.To.Context == Void {
        link(screen[keyPath: transition]._edge, [])
    }

    /// The URL of an optional move, `nil` where the tree leaves it out.
    public func link<T: Transition>(_ transition: KeyPath<From, T?>, _ context: T.To.Context) -> String?
    where T.From == From, T.To.Context: URLContext {
        guard let edge = screen[keyPath: transition]?._edge else { return nil }
        var segments: [String] = []
        context.appendPathSegments(to: &segments)
        return link(edge, segments)
    }

    /// The URL of an optional move without context, `nil` where the tree leaves it out.
    public func link<T: Transition>(_ transition: KeyPath<From, T?>) -> String?
    where T.From == From, T.To.Context == Void {
        guard let edge = screen[keyPath: transition]?._edge else { return nil }
        return link(edge, [])
    }

    private func link(_ edge: RouteEdge, _ segments: [String]) -> String {
        let node = table.nodes[path.state.steps[position].node]
        guard let child = node.childByIdentity[ObjectIdentifier(edge.identity)] else {
            // The transition value is not part of the tree at this place (a transition
            // made at render time); there is no URL for it, stay here.
            return url
        }
        let target = table.nodes[child]
        var output = url == "/" ? "" : url
        output.append("/")
        if target.kind.isPresent { output.append("~") }
        output += target.name
        for segment in segments {
            output.append("/")
            PathSegmentEncoding.append(segment, to: &output)
        }
        return output
    }

    /// The URL of this screen with another context (its own step re-encoded).
    func replacingContext(with segments: [String]) -> String {
        var output = ""
        table.append(path.state.steps.prefix(position), to: &output)
        let node = table.nodes[path.state.steps[position].node]
        if !node.name.isEmpty {
            output.append("/")
            if node.kind.isPresent { output.append("~") }
            output += node.name
        }
        for segment in segments {
            output.append("/")
            PathSegmentEncoding.append(segment, to: &output)
        }
        return output.isEmpty ? "/" : output
    }

    // MARK: - Back and dismiss

    /// One screen back in this screen's stack; `nil` at the root of a stack or layer.
    public var back: String? {
        guard position > 0, !table.nodes[path.state.steps[position].node].kind.isPresent else { return nil }
        return table.url(path.state, prefix: position)
    }

    /// The root of this screen's stack (SwiftfulRouting's `dismissPushStack`).
    public var popToRoot: String {
        table.url(path.state, prefix: table.layerStart(of: path.state, at: position) + 1)
    }

    /// Closes the modal layer this screen is in; `nil` when it is not in one.
    public var dismiss: String? {
        let start = table.layerStart(of: path.state, at: position)
        guard start > 0 else { return nil }
        return table.url(path.state, prefix: start)
    }

    /// Closes every modal layer, back to the screen underneath them all.
    public var dismissAll: String {
        var end = 1
        while end <= position && !table.nodes[path.state.steps[end].node].kind.isPresent { end += 1 }
        return table.url(path.state, prefix: end)
    }

    /// The context this screen was rendered with.
    public var context: From.Context {
        // The parser decoded this value with this node's codec, whose type is From.Context.
        path.values[position] as! From.Context
    }

    /// The context of the nearest screen of type `S` at or beneath this one in the state,
    /// e.g. the note a modal editor was presented from: `router.context(of: Note.self)`.
    public func context<S: ContentScreen>(of screen: S.Type) -> S.Context? {
        let wanted = ObjectIdentifier(S.self)
        var index = position
        while index >= 0 {
            if table.nodes[path.state.steps[index].node].screenType == wanted {
                return path.values[index] as? S.Context
            }
            index -= 1
        }
        return nil
    }

    // MARK: - Deep links

    /// A path builder from the root of the tree, for deep links in one expression:
    /// `router.root().tab(Feed.self)?.move(\.tournament, 5).move(\.match, 12).url`.
    public func root() -> RootPath {
        RootPath(table: table)
    }
}
