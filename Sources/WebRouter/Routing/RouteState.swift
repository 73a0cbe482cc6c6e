import WebRouterHTML
/// A state of the screen tree: the chain of steps from a root (a tab or a window case)
/// through pushes and presents, each with its context's canonical path segments.
///
/// Every state is exactly one URL: ``RouteTable/print(_:)`` and ``RouteTable/parse(path:)``
/// are inverse of each other.
public struct RouteState: Hashable, Sendable {
    /// One step: the node reached and its context, already canonically encoded.
    struct Step: Hashable, Sendable {
        let node: Int
        /// Often a slice of the request's own segments, shared rather than copied.
        let segments: ArraySlice<String>
    }
    /// One canonical query value of a step's screen (``ScreenQuery``).
    @usableFromInline struct QueryPair: Hashable, Sendable {
        @usableFromInline let step: Int
        @usableFromInline let name: String
        @usableFromInline let value: String
    }
    var steps: [Step]
    /// The screens' query values, by step then field order; defaults left out.
    @usableFromInline var query: [QueryPair] = []

    init(steps: [Step], query: [QueryPair] = []) {
        self.steps = steps
        self.query = query
    }

    /// The number of steps, the root included.
    public var depth: Int { steps.count }

    /// The state without its steps from `count` on (and their query values).
    func prefix(_ count: Int) -> RouteState {
        RouteState(steps: Array(steps.prefix(count)), query: query.filter { $0.step < count })
    }

    func appending(node: Int, segments: [String]) -> RouteState {
        var copy = self
        copy.steps.append(Step(node: node, segments: segments[...]))
        return copy
    }
}

/// A state with its decoded context values, as parsed from a URL.
@usableFromInline struct ParsedPath: Sendable {
    @usableFromInline var state: RouteState { didSet { prefixURLs = nil } }
    /// The decoded context of each step (`()` for `Void`).
    let values: [any Sendable]
    /// Some query value of a screen did not decode: the canonical URL leaves it out.
    var hasInvalidQuery = false
    /// The printed path of the state when the request spelled it differently (`/feed/` for
    /// `/feed`); `nil` when the request's path is the canonical one.
    var canonicalPath: String? = nil
    /// The URL of every prefix of the state (``RouteTable/prefixURLs(_:)``), when the
    /// application printed them along with the parse it remembers: the page's breadcrumb and
    /// each screen's own URL. Cleared when `state` changes.
    var prefixURLs: [String]? = nil
    /// The state's route pattern (``RouteTable/routePattern(_:)``), when the application
    /// remembers the parse.
    var routePattern: String? = nil
    /// The state is the sign-in shown in place of the request's own (see ``SignInPresentation``):
    /// its forms post to their own URL, never with the request's query.
    var presentsSignIn = false
}

/// Why a path does not name a state; the page for it links to `validPrefix`.
struct RouteParseError: Error, Sendable, Equatable {
    enum Reason: Sendable, Equatable {
        /// No tab, window case or transition has this name here.
        case unknownStep(String)
        /// The URL ends before all the context segments of a step.
        case missingContext(step: String)
        /// A context segment does not decode as the step's context type.
        case badContext(step: String, type: String)
    }
    let reason: Reason
    /// The longest prefix of the path that is a state (`nil` when not even the root is).
    let validPrefix: RouteState?

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.reason == rhs.reason && lhs.validPrefix == rhs.validPrefix
    }
}
