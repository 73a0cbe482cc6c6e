import WebRouterHTML
@_spi(WebRouterInternals) import WebRouterHTTP
/// The route table of a screen tree: built and validated once at start-up, then used to
/// parse URLs into states and print states into URLs, from the same nodes.
///
/// ```swift
/// let table = try RouteTable(Window(Tabs { Navigation(Feed(match: Push(Match()))) }))
/// let state = try table.parse(["feed", "match", "12"]).get()
/// table.print(state)        // "/feed/match/12"
/// ```
/// Both directions cost time linear in the number of steps and use no reflection.
public final class RouteTable: Sendable {
    let nodes: [RouteNode]
    /// First URL step → root node (tabs and window cases).
    let rootNames: [String: Int]
    /// The root nodes of each window case (one per tab for a tab bar).
    let caseRoots: [[Int]]
    let window: WindowSpec
    /// The root of a single-screen `Window`, at `/`.
    let unnamedRoot: Int?
    /// The one-step state of each root node (`nil` for other nodes), built once: every typed
    /// deep link (`router.root().tab(…)`) starts from one.
    private let rootStates: [RouteState?]
    /// What each node adds to a URL before its contexts: `/name`, `/~name` for a present,
    /// or nothing for the unnamed root. Kept apart from the nodes because every printed URL
    /// reads it for each step: reading a node (a class) from the array costs a retain and a
    /// release, an element of this array neither.
    private let urlSteps: [String]
    /// What each node adds to a route pattern: its URL step, then a `{Type}` placeholder per
    /// context segment (as ``RouteDescription/pattern`` writes them).
    private let patternSteps: [String]
    /// Every root node (tabs and window cases, in order) with its screen type: typed deep
    /// links look their start up here without reading the nodes.
    let roots: [Root]

    /// Whether some place of the tree needs a signed-in person: when not, requests never ask
    /// the ``SignInPolicy``.
    let hasAccessRules: Bool
    /// Whether some place needs a role: only then are a person's roles asked for.
    let hasRoleRules: Bool
    /// The window's sign-in transition (`Window.signIn`), whose target every screen presents as `~sign-in`.
    let signInEdge: ObjectIdentifier?

    struct Root: Sendable {
        let node: Int
        let screenType: ObjectIdentifier
        let kind: RouteNode.Kind
    }

    /// Builds and validates the table of a window.
    public convenience init(_ window: Window) throws(RouteTableError) {
        try self.init(spec: window.spec)
    }

    init(spec: WindowSpec) throws(RouteTableError) {
        var builder = RouteTableBuilder()
        builder.build(spec)
        var problems = builder.problems
        for index in spec.alwaysAvailable where !spec.cases.indices.contains(index) {
            problems.append("alwaysAvailable names window case \(index), but the window has \(spec.cases.count) cases")
        }
        guard problems.isEmpty else { throw RouteTableError(problems: problems) }
        let nodes = builder.nodes.map(RouteNode.init)
        self.nodes = nodes
        rootNames = builder.rootNames
        caseRoots = builder.caseRoots
        window = spec
        unnamedRoot = builder.rootNames[""]
        hasAccessRules = nodes.contains { $0.access.requiresSignIn }
        hasRoleRules = nodes.contains { !$0.access.roles.isEmpty }
        signInEdge = spec.signIn.map { ObjectIdentifier($0.identity) }
        var rootStates = [RouteState?](repeating: nil, count: nodes.count)
        for id in caseRoots.joined() { rootStates[id] = RouteState(steps: [RouteState.Step(node: id, segments: [])]) }
        self.rootStates = rootStates
        roots = caseRoots.joined().map { Root(node: $0, screenType: nodes[$0].screenType, kind: nodes[$0].kind) }
        let urlSteps = nodes.map { node in
            node.name.isEmpty ? "" : (node.kind.isPresent ? "/~" : "/") + node.name
        }
        self.urlSteps = urlSteps
        patternSteps = nodes.indices.map { id in
            let codec = nodes[id].codec
            var step = urlSteps[id]
            for index in 0..<codec.segmentCount {
                step += codec.segmentCount > 1 ? "/{\(codec.typeName).\(index + 1)}" : "/{\(codec.typeName)}"
            }
            return step
        }
    }

    /// The route pattern of a state, contexts as placeholders (`/feed/tournament/{Int}`): the
    /// bounded name its requests are counted and traced under.
    func routePattern(_ state: RouteState) -> String {
        var pattern = ""
        for step in state.steps { pattern += patternSteps[step.node] }
        return pattern.isEmpty ? "/" : pattern
    }

    /// The number of places in the tree (each screen reached by one chain of moves).
    public var count: Int { nodes.count }

    // MARK: - Parse

    /// Parses a request's path segments and query into a state: every context decoded, and
    /// each screen's query fields read canonically.
    func parse(_ segments: [String], query: QueryItems) -> Result<ParsedPath, RouteParseError> {
        parse(segments).map { parsed in
            var parsed = parsed
            for (index, step) in parsed.state.steps.enumerated() {
                guard let codec = nodes[step.node].queryCodec else { continue }
                let (pairs, invalid) = codec.canonicalize(query)
                for (name, value) in pairs where !parsed.state.query.contains(where: { $0.name == name }) {
                    parsed.state.query.append(RouteState.QueryPair(step: index, name: name, value: value))
                }
                if invalid { parsed.hasInvalidQuery = true }
            }
            carryNext(from: query, into: &parsed.state)
            return parsed
        }
    }

    /// The reserved query name of the page a visitor wanted before a conditional window sent
    /// them to sign in (`/welcome?next=%2Ffeed%2Fmatch%2F12`).
    static let nextName = "next"

    /// Keeps the request's `next` (when it is a local path, see ``LocalPath``) in the state as
    /// the first step's query value, so every URL printed from the state or its prefixes (the
    /// router's links, `back`, `dismiss`, breadcrumbs, a form's action) carries it until an
    /// action moves elsewhere. A screen whose own query has a `next` field keeps reading it.
    func carryNext(from query: QueryItems, into state: inout RouteState) {
        guard let next = LocalPath.sanitized(query[Self.nextName]),
              !state.query.contains(where: { $0.name == Self.nextName }) else { return }
        state.query.insert(RouteState.QueryPair(step: 0, name: Self.nextName, value: next), at: 0)
    }

    /// Parses percent-decoded path segments into a state, decoding every context.
    func parse(_ segments: [String]) -> Result<ParsedPath, RouteParseError> {
        var steps: [RouteState.Step] = []
        var values: [any Sendable] = []
        steps.reserveCapacity(segments.count)
        values.reserveCapacity(segments.count)
        var index = 0
        var current: Int
        if let first = segments.first, let root = rootNames[first], !first.isEmpty {
            current = root
            index = 1
        } else if let root = unnamedRoot {
            current = root
        } else {
            return .failure(RouteParseError(reason: .unknownStep(segments.first ?? ""), validPrefix: nil))
        }
        steps.append(RouteState.Step(node: current, segments: []))
        values.append(())
        var scratch: [String] = []

        while index < segments.count {
            let segment = segments[index]
            let node = nodes[current]
            let child: Int?
            if segment.utf8.first == UInt8(ascii: "~") {
                child = node.presentChildren[String(segment.dropFirst())]
            } else {
                child = node.pushChildren[segment]
            }
            guard let next = child else {
                return .failure(RouteParseError(reason: .unknownStep(segment), validPrefix: RouteState(steps: steps)))
            }
            let codec = nodes[next].codec
            let end = index + 1 + codec.segmentCount
            guard end <= segments.count else {
                return .failure(RouteParseError(reason: .missingContext(step: segment), validPrefix: RouteState(steps: steps)))
            }
            if codec.segmentCount == 0 {
                steps.append(RouteState.Step(node: next, segments: []))
                values.append(())
            } else {
                guard let decoded = codec.canonical(segments[(index + 1)..<end], scratch: &scratch) else {
                    return .failure(RouteParseError(
                        reason: .badContext(step: segment, type: codec.typeName), validPrefix: RouteState(steps: steps)))
                }
                steps.append(RouteState.Step(node: next, segments: decoded.segments))
                values.append(decoded.value)
            }
            current = next
            index = end
        }
        return .success(ParsedPath(state: RouteState(steps: steps), values: values))
    }

    /// Parses a path such as `/feed/match/12` (percent-encoded, without query).
    public func parse(path: String) -> RouteState? {
        // Split at the first `?` on bytes: `String.split` walks grapheme clusters.
        let question = path.utf8.firstIndex(of: UInt8(ascii: "?"))
        guard let segments = PathSegments.split(question.map { String(path[..<$0]) } ?? path) else { return nil }
        let query = question.map { QueryItems(parsing: path[path.index(after: $0)...]) } ?? QueryItems()
        return try? parse(segments, query: query).get().state
    }

    // MARK: - Print

    /// The URL of a state: `/feed/tournament/5/match/12`, `/search/~user/7?q=ada`.
    public func print(_ state: RouteState) -> String {
        url(state, prefix: state.steps.count)
    }

    /// The printed steps (no leading `/` for an unnamed root; "" for none).
    func pathString(_ steps: ArraySlice<RouteState.Step>) -> String {
        URLWriter.make(upperBound: pathBound(steps)) { write(steps, to: &$0) }
    }

    /// The most bytes `write(_:to:)` takes for `steps`.
    func pathBound(_ steps: ArraySlice<RouteState.Step>) -> Int {
        var bound = 0
        for step in steps {
            bound += urlSteps[step.node].utf8.count
            for segment in step.segments { bound += 1 + URLWriter.segmentBound(segment) }
        }
        return bound
    }

    func write(_ steps: ArraySlice<RouteState.Step>, to url: inout URLWriter) {
        for step in steps {
            url.write(urlSteps[step.node])
            for segment in step.segments {
                url.write(UInt8(ascii: "/"))
                url.writeSegment(segment)
            }
        }
    }

    /// `?name=value&…` for the query values of steps before `count` ("" for none).
    func queryString(_ pairs: [RouteState.QueryPair], before count: Int) -> String {
        URLWriter.make(upperBound: queryBound(pairs, before: count)) { writeQuery(pairs, before: count, to: &$0) }
    }

    func queryBound(_ pairs: [RouteState.QueryPair], before count: Int) -> Int {
        var bound = 0
        for pair in pairs where pair.step < count {
            bound += URLWriter.queryPairBound(pair.name, pair.value)
        }
        return bound
    }

    /// Writes `?name=value&…` for the query values of steps before `count`; returns the
    /// separator a further pair takes (`?` when none was written, else `&`).
    @discardableResult
    func writeQuery(_ pairs: [RouteState.QueryPair], before count: Int, to url: inout URLWriter) -> UInt8 {
        var separator = UInt8(ascii: "?")
        for pair in pairs where pair.step < count {
            url.writeQueryPair(pair.name, pair.value, after: separator)
            separator = UInt8(ascii: "&")
        }
        return separator
    }

    /// The printed URL of a prefix of a state, with the query values of its steps.
    func url(_ state: RouteState, prefix count: Int) -> String {
        let steps = state.steps.prefix(count)
        return URLWriter.make(upperBound: 1 + pathBound(steps) + queryBound(state.query, before: count)) { url in
            write(steps, to: &url)
            if url.count == 0 { url.write(UInt8(ascii: "/")) }
            writeQuery(state.query, before: count, to: &url)
        }
    }

    /// The URL of a move along `edge` from the node `from`, whose own URL is `path` then
    /// `query` (`?…` or ""), with the move's context `segments`; `nil` when the edge is not
    /// part of the tree there (a transition made at render time).
    ///
    /// Typed links print through here. It is not generic, and the routers pass their fields
    /// rather than themselves: from a `Router<From>` method the same work looked up the
    /// router's generic metadata on every link, a tenth of a result list's CPU.
    func link(
        from: Int, at path: String, query: String, following edge: _RouteEdge, segments: UnsafeBufferPointer<String>
    ) -> String? {
        guard let child = nodes[from].child(following: edge) else { return nil }
        let target = nodes[child]
        // One allocation: room for the path so far, the step, its context and the query.
        var bound = path.utf8.count + 2 + target.name.utf8.count + query.utf8.count
        for segment in segments { bound += 1 + URLWriter.segmentBound(segment) }
        return URLWriter.make(upperBound: bound) { url in
            if path != "/" { url.write(path) }
            url.write(UInt8(ascii: "/"))
            if target.kind.isPresent { url.write(UInt8(ascii: "~")) }
            url.write(target.name)
            for segment in segments {
                url.write(UInt8(ascii: "/"))
                url.writeSegment(segment)
            }
            url.write(query)
        }
    }

    /// ``link(from:at:query:following:segments:)`` for a context that is one `Int`, written
    /// as its decimal digits (the bytes `String(id)` percent-encoded would give: digits and
    /// `-` need no encoding) without making a string for it.
    func link(from: Int, at path: String, query: String, following edge: _RouteEdge, id: Int) -> String? {
        guard let child = nodes[from].child(following: edge) else { return nil }
        let target = nodes[child]
        let bound = path.utf8.count + 3 + target.name.utf8.count + URLWriter.decimalBound + query.utf8.count
        return URLWriter.make(upperBound: bound) { url in
            if path != "/" { url.write(path) }
            url.write(UInt8(ascii: "/"))
            if target.kind.isPresent { url.write(UInt8(ascii: "~")) }
            url.write(target.name)
            url.write(UInt8(ascii: "/"))
            url.writeDecimal(id)
            url.write(query)
        }
    }

    /// The URL of every prefix of a state, `urls[i]` for the first `i + 1` steps. The whole
    /// path and query are printed once; each URL copies its prefix of them, so the cost is
    /// linear in the depth.
    func prefixURLs(_ state: RouteState) -> [String] {
        let steps = state.steps
        // Where each prefix ends in the whole path and in the whole query (scratch space on
        // the stack: this runs for every page).
        return withUnsafeTemporaryAllocation(of: (path: Int, query: Int).self, capacity: steps.count) { ends in
            let path = URLWriter.make(upperBound: pathBound(steps[...])) { url in
                for index in steps.indices {
                    write(steps[index...index], to: &url)
                    ends[index].path = url.count
                }
            }
            // Query pairs are sorted by step, so a prefix's query is a prefix of the whole one.
            let query = URLWriter.make(upperBound: queryBound(state.query, before: steps.count)) { url in
                var separator = UInt8(ascii: "?")
                var nextPair = 0
                for index in steps.indices {
                    while nextPair < state.query.count && state.query[nextPair].step <= index {
                        let pair = state.query[nextPair]
                        url.writeQueryPair(pair.name, pair.value, after: separator)
                        separator = UInt8(ascii: "&")
                        nextPair += 1
                    }
                    ends[index].query = url.count
                }
            }
            var urls: [String] = []
            urls.reserveCapacity(steps.count)
            for index in steps.indices {
                let (pathEnd, queryEnd) = ends[index]
                if queryEnd == 0 && pathEnd == path.utf8.count && pathEnd > 0 {
                    urls.append(path)   // the whole path, shared
                    continue
                }
                urls.append(URLWriter.make(upperBound: 1 + pathEnd + queryEnd) { url in
                    if pathEnd == 0 { url.write(UInt8(ascii: "/")) } else { url.write(prefix: pathEnd, of: path) }
                    url.write(prefix: queryEnd, of: query)
                })
            }
            return urls
        }
    }

    // MARK: - Structure

    /// Steps from `index` back to the start of its layer (the root, or a present).
    func layerStart(of state: RouteState, at index: Int) -> Int {
        var start = index
        while start > 0 && !nodes[state.steps[start].node].kind.isPresent { start -= 1 }
        return start
    }

    /// The root state of a tab or window case with no further steps.
    func rootState(_ node: Int) -> RouteState {
        rootStates[node] ?? RouteState(steps: [RouteState.Step(node: node, segments: [])])
    }

    /// The window case a state belongs to.
    func caseIndex(of state: RouteState) -> Int {
        switch nodes[state.steps[0].node].kind {
        case .windowCase(let index): index
        case .tab(let caseIndex, _): caseIndex
        case .push, .present: 0
        }
    }
}
