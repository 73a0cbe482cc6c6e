import WebRouterHTML
@_spi(WebRouterInternals) import WebRouterHTTP
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
    @usableFromInline let table: RouteTable
    /// The whole state of the request (this screen may sit beneath a modal).
    @usableFromInline let path: ParsedPath
    /// This screen's step in `path`.
    @usableFromInline let position: Int
    /// The URL of this screen: the state up to and including its step, with its query.
    /// (Computed: most renders never ask for it, and without a query it is `pathURL` itself.)
    public var url: String { querySuffix.isEmpty ? pathURL : pathURL + querySuffix }
    /// `url` without its query string.
    @usableFromInline let pathURL: String
    /// The query string (`?…` or "") of the steps up to this one, kept by links from here.
    let querySuffix: String
    /// The screen value at this place of the tree.
    public var screen: From { box.screen }
    /// The table's own copy of that screen, read in place by the typed links.
    @usableFromInline let box: ScreenBox<From>
    /// The request being answered.
    public let request: RequestContext

    /// - Parameter printedURL: this step's URL when the caller has printed it already
    ///   (`table.url(path.state, prefix: position + 1)`); it is used as it is when it has
    ///   no query, instead of printing the path again.
    init(table: RouteTable, path: ParsedPath, position: Int, request: RequestContext, printedURL: String? = nil) {
        self.table = table
        self.path = path
        self.position = position
        guard let box = table.nodes[path.state.steps[position].node].screenBox(as: From.self) else {
            preconditionFailure("the step at \(position) does not show a \(From.self)")
        }
        self.box = box
        self.request = request
        // Query pairs are sorted by step: none at or before this step means no query.
        let hasQuery = (path.state.query.first?.step ?? .max) <= position
        if let printedURL, !hasQuery {
            self.pathURL = printedURL
            self.querySuffix = ""
        } else {
            let pathURL = table.pathString(path.state.steps.prefix(position + 1))
            self.pathURL = pathURL.isEmpty ? "/" : pathURL
            self.querySuffix = table.queryString(path.state.query, before: position + 1)
        }
    }

    /// A constant of the screen: `router[next: \.title]`.
    @inlinable
    public subscript<Value>(next keyPath: KeyPath<From, Value>) -> Value {
        box.screen[keyPath: keyPath]
    }

    // MARK: - Typed links

    /// The absolute URL of a local path, for links that leave the site (a share box); see
    /// ``RequestContext/absoluteURL(for:)`` for where its origin comes from. Never built from
    /// the request's `Host` alone: without a configured origin or an allowed host it is `path`.
    /// ```swift
    /// input(.type("url"), .value(router.absoluteURL(for: router.url)), .readonly)
    /// ```
    public func absoluteURL(for path: String) -> String {
        request.absoluteURL(for: path)
    }

    /// The URL of a move: `router.link(\.match, 12)` → `/feed/match/12`.
    ///
    /// The transition must be a stored `var` property of the screen (`var match:
    /// Push<Feed, Match>`): the route table finds transitions among stored properties at
    /// start-up, so a `let` or a computed property does not compile here.
    @inlinable
    public func link<T: Transition>(_ transition: WritableKeyPath<From, T>, _ context: T.To.Context) -> String
    where T.From == From, T.To.Context: URLContext {
        link(box.screen[keyPath: transition]._edge, context: context)
    }

    /// The URL of a move to a screen without context: `router.link(\.settings)`.
    @inlinable
    public func link<T: Transition>(_ transition: WritableKeyPath<From, T>) -> String
    where T.From == From, T.To.Context == Void {
        link(box.screen[keyPath: transition]._edge, [])
    }

    /// The URL of an optional move, `nil` where the tree leaves it out.
    @inlinable
    public func link<T: Transition>(_ transition: WritableKeyPath<From, T?>, _ context: T.To.Context) -> String?
    where T.From == From, T.To.Context: URLContext {
        box.screen[keyPath: transition].map { link($0._edge, context: context) }
    }

    /// The URL of an optional move without context, `nil` where the tree leaves it out.
    @inlinable
    public func link<T: Transition>(_ transition: WritableKeyPath<From, T?>) -> String?
    where T.From == From, T.To.Context == Void {
        box.screen[keyPath: transition].map { link($0._edge, []) }
    }

    /// The URL of a universal transition, which an extension declares as a computed property
    /// (see ``UniversalTransition``): `router.link(universal: \.share)`. The window registers
    /// it, so the route table knows it by name although reflection cannot see it.
    @inlinable
    public func link<T: Transition>(universal transition: KeyPath<From, T>) -> String
    where T.From == From, T.To.Context == Void {
        link(box.screen[keyPath: transition]._edge, [])
    }

    /// The URL of a universal transition to a screen with a context:
    /// `router.link(universal: \.report, 12)`.
    @inlinable
    public func link<T: Transition>(universal transition: KeyPath<From, T>, _ context: T.To.Context) -> String
    where T.From == From, T.To.Context: URLContext {
        link(box.screen[keyPath: transition]._edge, context: context)
    }

    // A transition declared with `let` or as a computed property has a read-only key path:
    // these twins turn the link into a compile-time error naming the fix, where it would
    // otherwise answer 500 at request time (the route table never saw the transition).

    /// Unavailable: a transition declared with `let` or as a computed property; declare it
    /// as a stored `var` property.
    @available(*, unavailable, message: "Declare transitions as stored `var` properties (`var detail: Push<Feed, Detail>`): the route table finds them at start-up; a `let` or a computed property cannot be linked (a universal transition is linked with `link(universal:)`)")
    public func link<T: Transition>(_ transition: KeyPath<From, T>, _ context: T.To.Context) -> String
    where T.From == From, T.To.Context: URLContext { fatalError() }

    /// Unavailable: a transition declared with `let` or as a computed property; declare it
    /// as a stored `var` property.
    @available(*, unavailable, message: "Declare transitions as stored `var` properties (`var detail: Push<Feed, Detail>`): the route table finds them at start-up; a `let` or a computed property cannot be linked (a universal transition is linked with `link(universal:)`)")
    public func link<T: Transition>(_ transition: KeyPath<From, T>) -> String
    where T.From == From, T.To.Context == Void { fatalError() }

    /// Unavailable: an optional transition declared with `let` or as a computed property;
    /// declare it as a stored `var` property.
    @available(*, unavailable, message: "Declare transitions as stored `var` properties (`var detail: Push<Feed, Detail>?`): the route table finds them at start-up; a `let` or a computed property cannot be linked (a universal transition is linked with `link(universal:)`)")
    public func link<T: Transition>(_ transition: KeyPath<From, T?>, _ context: T.To.Context) -> String?
    where T.From == From, T.To.Context: URLContext { fatalError() }

    /// Unavailable: an optional transition declared with `let` or as a computed property;
    /// declare it as a stored `var` property.
    @available(*, unavailable, message: "Declare transitions as stored `var` properties (`var detail: Push<Feed, Detail>?`): the route table finds them at start-up; a `let` or a computed property cannot be linked (a universal transition is linked with `link(universal:)`)")
    public func link<T: Transition>(_ transition: KeyPath<From, T?>) -> String?
    where T.From == From, T.To.Context == Void { fatalError() }

    /// The one core of the typed links with a context: a context of one segment (an id, the
    /// usual case) is printed without an array for it.
    @inlinable
    func link<Context: URLContext>(_ edge: _RouteEdge, context: Context) -> String {
        // An `Int` (an id, the usual context; the test folds away once specialised) is printed
        // straight into the URL, without a string of its own.
        if Context.self == Int.self { return link(edge, id: unsafeBitCast(context, to: Int.self)) }
        if let segment = context._onlyPathSegment { return link(edge, segment: segment) }
        var segments: [String] = []
        context.appendPathSegments(to: &segments)
        return link(edge, segments)
    }

    // Out of line: the inlined `link` overloads read the transition through the key path
    // where it is a literal (so the read folds to a field access) and call this.
    @usableFromInline func link(_ edge: _RouteEdge, _ segments: [String]) -> String {
        let from = path.state.steps[position].node
        return segments.withUnsafeBufferPointer { segments in
            table.link(from: from, at: pathURL, query: querySuffix, following: edge, segments: segments)
        } ?? unknownTransition(edge)
    }

    /// The same for a context of one segment, without an array for it.
    @usableFromInline func link(_ edge: _RouteEdge, segment: String) -> String {
        let from = path.state.steps[position].node
        return withUnsafePointer(to: segment) { segment in
            table.link(from: from, at: pathURL, query: querySuffix, following: edge,
                       segments: UnsafeBufferPointer(start: segment, count: 1))
        } ?? unknownTransition(edge)
    }

    /// The same for an `Int` context, its digits written in place.
    @usableFromInline func link(_ edge: _RouteEdge, id: Int) -> String {
        let from = path.state.steps[position].node
        return table.link(from: from, at: pathURL, query: querySuffix, following: edge, id: id)
            ?? unknownTransition(edge)
    }

    /// A link along a transition the route table never saw, which has no URL: the request
    /// is told, so the page answers `500` naming the screen and the fix, and the link itself
    /// leads nowhere (never silently to the current page).
    func unknownTransition(_ edge: _RouteEdge) -> String {
        let screen = table.nodes[path.state.steps[position].node].screenName
        request.reportBrokenLink(UnknownTransition.message(screen: screen, edge: edge))
        return "#unknown-transition"
    }

    /// The URL of this screen with another context (its own step re-encoded).
    func replacingContext(with segments: [String]) -> String {
        var steps = path.state.steps[...position]
        steps[position] = RouteState.Step(node: steps[position].node, segments: segments[...])
        let printed = table.pathString(steps)
        return (printed.isEmpty ? "/" : printed) + querySuffix
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

    /// The step of the nearest screen of type `S` before `end` in the state (at or beneath
    /// this screen when `end` is one past it): the one ancestor walk of the router.
    func nearestStep<S: ContentScreen>(of screen: S.Type, before end: Int) -> Int? {
        let wanted = ObjectIdentifier(S.self)
        return (0..<end).last { table.nodes[path.state.steps[$0].node].screenType == wanted }
    }

    /// The context of the nearest screen of type `S` at or beneath this one in the state,
    /// e.g. the note a modal editor was presented from: `router.context(of: Note.self)`.
    public func context<S: ContentScreen>(of screen: S.Type) -> S.Context? {
        nearestStep(of: S.self, before: position + 1).flatMap { path.values[$0] as? S.Context }
    }

    /// Closes every layer above the nearest screen of type `S` at or beneath this one;
    /// `nil` when there is none (SwiftfulRouting's `dismiss(upTo:)`).
    public func dismiss<S: ContentScreen>(upTo screen: S.Type) -> String? {
        nearestStep(of: S.self, before: position + 1).map { table.url(path.state, prefix: $0 + 1) }
    }

    // MARK: - Query state

    /// This screen's typed query state (its defaults when the URL says nothing).
    @inlinable
    public var query: From.Query {
        QueryCodec.decode(From.Query.self, from: path.state.query, step: position)
    }

    /// The typed query state of the nearest screen of type `S` at or beneath this one (a
    /// filter sheet reading the search it filters): `router.query(of: Search.self)`.
    public func query<S: ContentScreen>(of screen: S.Type) -> S.Query? {
        nearestStep(of: S.self, before: position + 1).map { QueryCodec.decode(S.Query.self, from: path.state.query, step: $0) }
    }

    /// This screen's URL with another query state (a picker's other value).
    @inlinable
    public func url(query: From.Query) -> String {
        // Read here, where the query type is known; printed by the one URL writer. A query
        // of one field (the usual picker) hands over its values without a list of pairs.
        let fields = From.Query.fields
        if fields.count == 1 { return url(ownQueryField: fields[0].name, values: fields[0].read(query)) }
        var pairs: [(name: String, value: String)] = []
        for field in fields {
            for value in field.read(query) { pairs.append((field.name, value)) }
        }
        return url(ownQuery: pairs)
    }

    /// This screen's URL with `name=value` for each of `values` as its own query.
    @usableFromInline func url(ownQueryField name: String, values: [String]) -> String {
        var bound = 0
        for value in values { bound += URLWriter.queryPairBound(name, value) }
        return url(ownQueryBound: bound) { write in
            for value in values { write(name, value) }
        }
    }

    /// This screen's URL with `pairs` as its own query.
    @usableFromInline func url(ownQuery pairs: [(name: String, value: String)]) -> String {
        var bound = 0
        for pair in pairs { bound += URLWriter.queryPairBound(pair.name, pair.value) }
        return url(ownQueryBound: bound) { write in
            for pair in pairs { write(pair.name, pair.value) }
        }
    }

    /// This screen's path, the query of the screens beneath, then the pairs `ownQuery` writes
    /// (at most `ownQueryBound` bytes).
    private func url(ownQueryBound: Int, _ ownQuery: ((String, String) -> Void) -> Void) -> String {
        URLWriter.make(upperBound: pathURL.utf8.count + table.queryBound(path.state.query, before: position) + ownQueryBound) { url in
            url.write(pathURL)
            var separator = table.writeQuery(path.state.query, before: position, to: &url)
            ownQuery { name, value in
                url.writeQueryPair(name, value, after: separator)
                separator = UInt8(ascii: "&")
            }
        }
    }

    /// This screen's URL with one query field changed: `router.url(setting: \.section, to: .lineups)`.
    public func url<Value>(setting field: WritableKeyPath<From.Query, Value>, to value: Value) -> String {
        var query = self.query
        query[keyPath: field] = value
        return url(query: query)
    }

    /// Closes this screen's layer and changes the query state of the screen of type `S`
    /// beneath it (a dismiss with a result, SwiftfulRouting's `onDismiss`):
    /// ```swift
    /// .move(to: router.dismiss(updating: Search.self) { $0.kinds = chosen } ?? "/search")
    /// ```
    public func dismiss<S: ContentScreen>(updating screen: S.Type, _ change: (inout S.Query) -> Void) -> String? {
        let start = table.layerStart(of: path.state, at: position)
        guard start > 0 else { return nil }
        guard let index = nearestStep(of: S.self, before: start) else { return nil }
        var query = QueryCodec.decode(S.Query.self, from: path.state.query, step: index)
        change(&query)
        var state = path.state.prefix(start)
        state.query.removeAll { $0.step == index }
        state.query += Self.pairs(of: query, step: index)
        state.query.sort { $0.step < $1.step }
        return table.url(state, prefix: start)
    }

    static func pairs<Q: ScreenQuery>(of query: Q, step: Int) -> [RouteState.QueryPair] {
        Q.fields.flatMap { field in field.read(query).map { RouteState.QueryPair(step: step, name: field.name, value: $0) } }
    }

    // MARK: - Deep links

    /// A path builder from the root of the tree, for deep links in one expression:
    /// `router.root().tab(Feed.self)?.move(\.tournament, 5).move(\.match, 12).url`.
    public func root() -> RootPath {
        RootPath(table: table, request: request)
    }
}
