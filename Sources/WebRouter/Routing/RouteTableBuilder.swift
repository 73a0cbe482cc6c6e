import WebRouterHTML
/// Walks a screen tree once, at start-up, and builds its route nodes, collecting every
/// problem (duplicate or invalid names, pushes outside a navigation stack, colliding tabs).
///
/// The only reflection in WebRouter happens here: `Mirror` finds the transitions stored in
/// each content screen; requests never reflect.
struct RouteTableBuilder {
    /// Step names that would collide with the URL syntax or the framework's own paths.
    static let reservedRootNames: Set<String> = ["static", "_map", "_webrouter"]
    static let maximumDepth = 64

    private(set) var nodes: [RouteNode.Draft] = []
    private(set) var rootNames: [String: Int] = [:]
    private(set) var caseRoots: [[Int]] = []
    private(set) var problems: [String] = []
    private var universal: [_RouteEdge] = []
    /// The window's sign-in transition (`Window.signIn`), whose subtree is always open.
    private var signInIdentity: TransitionIdentity?
    private var reportedSignInRule = false

    mutating func build(_ spec: WindowSpec) {
        universal = spec.universal.map(\.edge)
        signInIdentity = spec.signIn?.identity
        var universalNames: Set<String> = []
        for edge in universal {
            let name = edge.name ?? ""
            if !KebabCase.isValidName(name) {
                problems.append("A universal transition has an invalid URL name \"\(name)\": use lowercase letters, digits and inner hyphens")
            }
            if !universalNames.insert(name).inserted {
                problems.append("Two universal transitions are named \"\(name)\"")
            }
        }
        if spec.cases.isEmpty { problems.append("The window has no case: give it at least one screen") }
        var caseNames: [String: String] = [:]   // name → description of who took it
        for (caseIndex, windowCase) in spec.cases.enumerated() {
            var roots: [Int] = []
            switch windowCase.content {
            case .screen(let screen):
                let presentation = Self.presentation(of: screen)
                let isSingleRoot = !spec.isConditional
                let name = isSingleRoot ? "" : (presentation.routeName ?? KebabCase.convert(Self.typeName(of: screen)))
                let description = "window case \(caseIndex) (\(Self.typeName(of: screen)))"
                if !isSingleRoot { claimRootName(name, by: description, in: &caseNames) }
                roots.append(addNode(screen, name: name, kind: .windowCase(caseIndex), parent: nil,
                                     codec: .void, declaration: description))
            case .tabs(let tabs):
                if tabs.entries.isEmpty { problems.append("Tabs in window case \(caseIndex) have no tab") }
                for (tabIndex, entry) in tabs.entries.enumerated() {
                    let presentation = Self.presentation(of: entry.root)
                    let name = presentation.routeName ?? KebabCase.convert(Self.typeName(of: entry.root))
                    let description = "tab \(tabIndex) (\(Self.typeName(of: entry.root)))"
                    claimRootName(name, by: description, in: &caseNames)
                    roots.append(addNode(entry.root, name: name, kind: .tab(caseIndex: caseIndex, tabIndex: tabIndex),
                                         parent: nil, codec: .void, declaration: description))
                }
            }
            caseRoots.append(roots)
        }
        if spec.signIn == nil, let first = nodes.first(where: { $0.access.requiresSignIn }) {
            problems.append("\(first.declaration) (\(first.screenName)) requires sign-in, but the window names no sign-in screen: add .signIn(YourSignInScreen()) to the Window")
        }
    }

    private mutating func claimRootName(_ name: String, by description: String, in taken: inout [String: String]) {
        if !KebabCase.isValidName(name) {
            problems.append("\(description) has an invalid URL name \"\(name)\": use lowercase letters, digits and inner hyphens")
        } else if Self.reservedRootNames.contains(name) {
            problems.append("\(description) is named \"\(name)\", which is reserved for the framework; rename it with .named(_:)")
        }
        if let other = taken[name] {
            problems.append("\(other) and \(description) are both named \"\(name)\"; rename one with .named(_:)")
        } else {
            taken[name] = description
            rootNames[name] = -1   // filled by addNode
        }
    }

    private mutating func addNode(
        _ target: any Screen, name: String, kind: RouteNode.Kind, parent: Int?,
        codec: ContextCodec, declaration: String, isUniversal: Bool = false,
        inherited: AccessRule = .open, declared: AccessRule = .open
    ) -> Int {
        let presentation = Self.presentation(of: target)
        let access = inherited
            .adding(requiresSignIn: declared.requiresSignIn, roles: declared.roles)
            .adding(requiresSignIn: presentation.requiresSignIn, roles: presentation.requiredRoles)
        let content = Self.nestedScreen(of: target)
        let id = nodes.count
        let depth = parent.map { nodes[$0].depth + 1 } ?? 0
        let inStack: Bool
        switch kind {
        case .push: inStack = parent.map { nodes[$0].inNavigationStack } ?? false
        case .present, .windowCase, .tab: inStack = presentation.isNavigationStack
        }
        nodes.append(RouteNode.Draft(
            id: id, name: name, kind: kind, parent: parent, depth: depth, content: content,
            screenType: ObjectIdentifier(type(of: content)),
            screenName: ScreenNaming.typeName(type(of: content)), presentation: presentation,
            codec: codec, queryCodec: Self.queryCodec(of: content), inNavigationStack: inStack, declaration: declaration,
            access: access))
        if parent == nil { rootNames[name] = id }
        if ObjectIdentifier(codec.valueType) != ObjectIdentifier(Self.contextType(of: content)) {
            problems.append("\(declaration) leads to \(nodes[id].screenName), whose context is \(Self.contextType(of: content)), but the move carries \(codec.typeName): a container must pass its screen's context through")
        }

        guard depth < Self.maximumDepth else {
            problems.append("The tree is deeper than \(Self.maximumDepth) screens at \(nodes[id].screenName): is a screen reaching itself?")
            return id
        }
        let owner = nodes[id].screenName
        var names: [String: String] = [:]    // step name → property path, per kind
        var edges = Self.edges(of: content).filter { !$0.1.isUniversal && $0.1.target != nil }
        if !isUniversal {
            let declared = Set(edges.map { $0.1.name ?? KebabCase.convert($0.0.last ?? "") })
            for edge in universal where !declared.contains(edge.name ?? "") {
                if edge.kind == .push && !nodes[id].inNavigationStack { continue }
                edges.append(([edge.name ?? ""], edge))
            }
        }
        for (path, edge) in edges {
            guard let edgeTarget = edge.target else { continue }
            let property = path.joined(separator: ".")
            let stepName = edge.name ?? KebabCase.convert(path.last ?? "")
            let targetName = Self.typeName(of: edgeTarget)
            let isPresent: Bool
            switch edge.kind {
            case .push: isPresent = false
            case .present: isPresent = true
            }
            let label = "`\(property)` (\(isPresent ? "Present" : "Push") to \(targetName))"
            if !KebabCase.isValidName(stepName) {
                problems.append("\(owner) has a transition \(label) with an invalid URL name \"\(stepName)\": use lowercase letters, digits and inner hyphens")
            }
            if let other = names[stepName] {
                problems.append("\(owner) declares two transitions named \"\(stepName)\": \(other) and \(label); rename one with .named(_:)")
                continue
            }
            names[stepName] = label
            if !isPresent && !nodes[id].inNavigationStack {
                problems.append("\(owner) pushes \(targetName) (`\(property)`) but is not inside a Navigation; wrap it: Navigation(\(owner)(…)) or present it")
            }
            let childKind: RouteNode.Kind
            switch edge.kind {
            case .push: childKind = .push
            case .present(let style): childKind = .present(style)
            }
            // The sign-in is open wherever it is presented, even over a screen that is not.
            let isSignIn = signInIdentity.map { $0 === edge.identity } ?? false
            let child = addNode(edgeTarget, name: stepName, kind: childKind, parent: id,
                                codec: edge.codec, declaration: edge.isUniversal || universal.contains { $0.identity === edge.identity } ? "universal \(property)" : "\(owner).\(property)",
                                isUniversal: isUniversal || universal.contains { $0.identity === edge.identity },
                                inherited: isSignIn ? .open : nodes[id].access, declared: edge.access)
            if isSignIn && nodes[child].access.requiresSignIn && !reportedSignInRule {
                reportedSignInRule = true
                problems.append("The sign-in screen \(nodes[child].screenName) requires sign-in itself: nobody could sign in; remove its .requiresSignIn()")
            }
            nodes[child].isOptional = edge.isOptional
            if isPresent { nodes[id].presentChildren[stepName] = child } else { nodes[id].pushChildren[stepName] = child }
            nodes[id].childByIdentity[ObjectIdentifier(edge.identity)] = child
            nodes[id].children.append(child)
        }
        return id
    }

    // MARK: - Reflection (start-up only)

    /// The transitions stored in a content screen, with their property paths, in
    /// declaration order. Optional transitions that are `nil` are absent; tuples and
    /// structs grouping transitions (`entities: (user:, team:)`) are searched too.
    static func edges(of screen: any ContentScreen) -> [([String], _RouteEdge)] {
        var found: [([String], _RouteEdge)] = []
        collect(Mirror(reflecting: screen), path: [], depth: 0, into: &found)
        return found
    }

    private static func collect(_ mirror: Mirror, path: [String], depth: Int, into found: inout [([String], _RouteEdge)]) {
        for child in mirror.children {
            let label = child.label.map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 } ?? ""
            if let transition = child.value as? any Transition {
                var edge = transition._edge
                edge.isOptional = Mirror(reflecting: child.value).displayStyle == .optional
                found.append((path + [label], edge))
                continue
            }
            guard depth < 3 else { continue }
            let inner = Mirror(reflecting: child.value)
            switch inner.displayStyle {
            case .tuple, .struct:
                collect(inner, path: path + [label], depth: depth + 1, into: &found)
            case .optional:
                if let some = inner.children.first {
                    let unwrapped = Mirror(reflecting: some.value)
                    if unwrapped.displayStyle == .tuple || unwrapped.displayStyle == .struct {
                        collect(unwrapped, path: path + [label], depth: depth + 1, into: &found)
                    }
                }
            default:
                continue
            }
        }
    }

    static func presentation(of screen: any Screen) -> ScreenPresentation {
        var presentation = ScreenPresentation()
        screen.configure(&presentation)
        return presentation
    }

    static func nestedScreen(of screen: any Screen) -> any ContentScreen {
        screen.nestedScreen
    }

    static func queryCodec<S: ContentScreen>(of screen: S) -> QueryCodec? { QueryCodec.of(S.Query.self) }

    static func contextType<S: ContentScreen>(of screen: S) -> Any.Type { S.Context.self }

    static func typeName(of screen: any Screen) -> String {
        ScreenNaming.typeName(type(of: screen.nestedScreen))
    }
}
