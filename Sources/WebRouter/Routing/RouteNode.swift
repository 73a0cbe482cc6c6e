import WebRouterHTML
/// One place of the screen tree: a screen reached by one chain of moves from the root.
///
/// Nodes are built once, at start-up, by walking the tree (as ``Draft`` values), then frozen
/// into this class: requests only read them, without copying their tables.
final class RouteNode: Sendable {
    enum Kind: Sendable, Equatable {
        /// A case of the window that is a screen (`/welcome`), or the single root of a
        /// `Window` (named "", at `/`).
        case windowCase(Int)
        /// A tab of the window case at `caseIndex`.
        case tab(caseIndex: Int, tabIndex: Int)
        case push
        case present(ModalStyle)

        var isPresent: Bool { if case .present = self { true } else { false } }
        var isRoot: Bool {
            switch self {
            case .windowCase, .tab: true
            case .push, .present: false
            }
        }
    }

    let id: Int
    /// The URL step name, without the `~` of a present.
    let name: String
    let kind: Kind
    let parent: Int?
    /// How deep the node sits (roots are 0).
    let depth: Int
    /// The content screen shown at this place.
    let content: any ContentScreen
    /// Its type, to match typed path builders.
    let screenType: ObjectIdentifier
    /// The same screen in a `ScreenBox` of its own type, so typed code reads it back
    /// without a dynamic cast: see ``screenBox(as:)``.
    let contentBox: any AnyObject & Sendable
    /// `Match` for `<body data-screen="Match">`.
    let screenName: String
    let presentation: ScreenPresentation
    let codec: ContextCodec
    /// Reads and writes the screen's query fields (`nil` for screens without any).
    let queryCodec: QueryCodec?
    /// Whether the layer this node belongs to is a navigation stack (has a breadcrumb).
    let inNavigationStack: Bool
    /// The Swift property path that declared the transition (`entities.league`), or the
    /// tab/case description for roots: for messages and `webapp routes`.
    let declaration: String
    /// Whether the transition that reaches it is held in an optional property.
    let isOptional: Bool
    /// Who may see it: its own declaration and its parent's rule (see ``AccessRule``).
    let access: AccessRule

    let pushChildren: [String: Int]
    let presentChildren: [String: Int]
    let childByIdentity: [ObjectIdentifier: Int]
    /// Children in declaration order.
    let children: [Int]
    /// For a tab: its label and icon in the tab bar, and the URL of its root (`/feed`),
    /// settled once here instead of asked of the screen on every page.
    let tabLabel: String
    let tabIcon: String?
    let rootURL: String

    init(_ draft: Draft) {
        id = draft.id
        name = draft.name
        kind = draft.kind
        parent = draft.parent
        depth = draft.depth
        content = draft.content
        contentBox = makeScreenBox(draft.content)
        screenType = draft.screenType
        screenName = draft.screenName
        presentation = draft.presentation
        codec = draft.codec
        queryCodec = draft.queryCodec
        inNavigationStack = draft.inNavigationStack
        declaration = draft.declaration
        isOptional = draft.isOptional
        access = draft.access
        pushChildren = draft.pushChildren
        presentChildren = draft.presentChildren
        childByIdentity = draft.childByIdentity
        children = draft.children
        tabLabel = draft.presentation.tabLabel ?? draft.content.title
        tabIcon = draft.presentation.tabIcon ?? draft.content.tabIcon
        rootURL = "/" + draft.name
    }

    /// A node while the tree is walked: its children are filled in as they are found.
    struct Draft {
        let id: Int
        let name: String
        let kind: Kind
        let parent: Int?
        let depth: Int
        let content: any ContentScreen
        let screenType: ObjectIdentifier
        let screenName: String
        let presentation: ScreenPresentation
        let codec: ContextCodec
        let queryCodec: QueryCodec?
        let inNavigationStack: Bool
        let declaration: String
        let access: AccessRule
        var isOptional = false
        var pushChildren: [String: Int] = [:]
        var presentChildren: [String: Int] = [:]
        var childByIdentity: [ObjectIdentifier: Int] = [:]
        var children: [Int] = []
    }
}

extension RouteNode {
    /// The child a move along `edge` reaches: the transition this node's screen holds, or
    /// a universal transition by its name; `nil` when neither is part of the tree here.
    func child(following edge: _RouteEdge) -> Int? {
        if edge.isUniversal {
            guard let name = edge.name else { return nil }
            return edge.kind == .push ? pushChildren[name] : presentChildren[name]
        }
        return childByIdentity[ObjectIdentifier(edge.identity)]
    }

    /// The box holding the content screen as `S`, for reading a field of it (a transition)
    /// without copying the whole screen value; `nil` when the node shows another screen.
    @inline(__always)
    func screenBox<S: ContentScreen>(as type: S.Type) -> ScreenBox<S>? {
        guard screenType == ObjectIdentifier(S.self) else { return nil }
        // Same ObjectIdentifier, same type: the box was made for exactly `S`.
        return unsafeDowncast(contentBox, to: ScreenBox<S>.self)
    }
}

/// A content screen kept in a class of its own type (see ``RouteNode/screenBox(as:)``).
///
/// Typed links read a transition straight out of the box (`box.screen[keyPath: \.team]`
/// folds to one field load when inlined): a screen value can hold dozens of transitions,
/// and copying it retains every one.
@usableFromInline final class ScreenBox<S: ContentScreen>: Sendable {
    @usableFromInline let screen: S
    init(_ screen: S) { self.screen = screen }
}

/// Boxes a screen in a `ScreenBox` of its dynamic type.
private func makeScreenBox<S: ContentScreen>(_ screen: S) -> any AnyObject & Sendable { ScreenBox(screen) }
