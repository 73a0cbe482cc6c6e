import WebRouterHTML
/// A typed move from one content screen to another screen.
///
/// Transitions are stored properties of a `ContentScreen`; the router turns a key path to
/// one into a URL:
/// ```swift
/// struct Feed: ContentScreen {
///     var match: Push<Feed, Match>      // From = Feed, To = Match, Context = Match.Context
/// }
/// router.link(\.match, 12)              // "/feed/match/12"
/// ```
/// `Push`, `Present` and the type-erased `AnyScreenTransition` and `PreciseTransition`
/// are the transitions of the web: a path step, or a modal layer.
public protocol Transition: _RouteEdgeCarrying {
    /// The screen that owns the transition.
    associatedtype From: ContentScreen
    /// The screen it leads to.
    associatedtype To: Screen
    /// The value the move needs: the target screen's context.
    associatedtype Context: Sendable = To.Context
}

/// Framework machinery of ``Transition``: the route-graph edge a transition stands for.
/// Typed links, inlined into the app's code, read it through this requirement.
public protocol _RouteEdgeCarrying: Sendable {
    var _edge: _RouteEdge { get }
}

/// The identity of one transition value in the tree; links find their route node by it,
/// without reflection at request time.
final class TransitionIdentity: Sendable {
    init() {}

    /// The identity every reference to a universal transition shares. A reference is found by
    /// its name, never by identity (the route table registers only the transitions screens
    /// store), and it is usually made afresh on each use (`var share: Present<Self, Share>
    /// { Present(universal: "share") }`), so it should not allocate an identity of its own.
    static let universalReference = TransitionIdentity()
}

/// A transition as the route table sees it: kind, target, context codec and name
/// (framework machinery: no public members).
public struct _RouteEdge: Sendable {
    enum Kind: Sendable, Equatable {
        case push
        case present(ModalStyle)
    }
    let kind: Kind
    /// The target screen; `nil` for a reference to a universal transition, whose target
    /// is registered once on the window.
    let target: (any Screen)?
    let codec: ContextCodec
    let identity: TransitionIdentity
    var name: String?
    /// A universal transition, found by name on every screen.
    var isUniversal = false
    /// Held in an optional property (`var next: Push<Self, Match>?`): present only when set.
    var isOptional = false
    /// Who may follow it (`.requiresSignIn()` on the transition); open by default.
    var access = AccessRule.open

    init<To: Screen>(kind: Kind, target: To, codec: ContextCodec) {
        self.kind = kind
        self.target = target
        self.codec = codec
        self.identity = TransitionIdentity()
        self.name = nil
    }

    /// A reference to the universal transition named `name`.
    init(universal name: String, kind: Kind, codec: ContextCodec) {
        self.kind = kind
        self.target = nil
        self.codec = codec
        self.identity = .universalReference
        self.name = name
        self.isUniversal = true
    }

    /// The same edge under another kind: type erasure keeps identity and target.
    init(erasing edge: _RouteEdge) { self = edge }
}
