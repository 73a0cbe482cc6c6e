import WebRouterHTML
/// The storyboard of the app, drawn from the types the way Xcode draws one: a card per place of
/// the tree (its screen, context type, example URL and a live miniature of that URL), laid out
/// from the window through its cases and tabs to every push and present, with each arrow
/// labelled by its move. Universal transitions that lead nowhere further (a Share card every
/// screen has) are drawn as small exits docked to each card instead of as a card of their own.
/// Below the drawing, the same tree as a nested list of links: the text alternative.
/// Served at `/_map` (``ApplicationConfiguration/storyboardPath``), with a Content-Security-Policy
/// that lets it frame its own pages (``SecurityHeaders/storyboardFields``).
///
/// All HTML and CSS (`.storyboard` in webrouter.css): no script draws or scrolls it.
struct StoryboardMap: HTML {
    let table: RouteTable
    /// The route patterns the app's tests landed on (``ApplicationConfiguration/storyboardCoverage``):
    /// each arrow is then marked tested or untested.
    var exercised: Set<String>? = nil

    func render(into output: inout HTMLOutput) {
        let routes = table.routes
        var places = StoryboardPlaces(table: table, routes: routes)
        places.exercised = exercised
        div(.class("storyboard")) {
            h1 { "Storyboard" }
            p(.class("muted")) {
                "\(routes.count) screens and transitions, read from the screen tree's types. Each card links to an example URL of its screen."
            }
            StoryboardLegend()
            p(.class("muted sb-hint")) { "The drawing scrolls sideways; below it, the same tree as a list." }
            div(.class("sb-canvas"), .role("region"), .aria("label", "Storyboard drawing (scrolls sideways)"), .tabindex(0)) {
                ul(.class("sb-tree")) {
                    StoryboardWindow(places: places)
                }
            }
            details(.class("sb-outline")) {
                summary { "Screen tree as a list" }
                ol(.class("storyboard-tree")) {
                    StoryboardLevel(routes: routes[...], depth: 0)
                }
            }
        }.render(into: &output)
    }
}

/// What the drawing needs of each node: its route row (example URL, kind, context) and the
/// label of the arrow that reaches it.
struct StoryboardPlaces {
    let table: RouteTable
    /// The route row of each node, by node id.
    let routes: [RouteDescription?]
    /// The route patterns the app's tests landed on, when the map marks coverage.
    var exercised: Set<String>? = nil

    /// ` · tested` or ` · untested` after a move, when the map marks coverage.
    func coverageMark(_ pattern: String) -> String {
        guard let exercised else { return "" }
        return exercised.contains(pattern) ? " · tested" : " · untested"
    }

    /// `data-exercised="yes"`/`"no"` for a branch, when the map marks coverage.
    func coverageAttributes(_ pattern: String) -> [HTMLAttribute] {
        guard let exercised else { return [] }
        return [.data("exercised", exercised.contains(pattern) ? "yes" : "no")]
    }

    init(table: RouteTable, routes: [RouteDescription]) {
        self.table = table
        var byNode = [RouteDescription?](repeating: nil, count: table.nodes.count)
        var index = 0
        // `routes` is depth first in declaration order: the same walk pairs them up.
        func visit(_ id: Int) {
            guard index < routes.count else { return }
            byNode[id] = routes[index]
            index += 1
            for child in table.nodes[id].children { visit(child) }
        }
        for roots in table.caseRoots { for root in roots { visit(root) } }
        self.routes = byNode
    }

    /// The label of the arrow that reaches `node`.
    func move(_ node: RouteNode) -> String {
        switch node.kind {
        case .windowCase(let index): return table.window.isConditional ? "window case \(index)" : "window root"
        case .tab: return "tab"
        case .push, .present:
            let label = isUniversal(node) ? "universal \(node.kind.label)" : node.kind.label
            return node.isOptional ? "optional \(label)" : label
        }
    }

    func isUniversal(_ node: RouteNode) -> Bool { node.declaration.hasPrefix("universal ") }

    /// A universal transition whose screen moves nowhere: docked to its parent's card.
    func isDocked(_ node: RouteNode) -> Bool { isUniversal(node) && node.children.isEmpty }

    /// The CSS modifier of a move: `push`, `present`, `tab`, `case`, `universal`.
    func moveClass(_ node: RouteNode) -> String {
        if isUniversal(node) { return "universal" }
        switch node.kind {
        case .windowCase: return "case"
        case .tab: return "tab"
        case .push: return "push"
        case .present: return "present"
        }
    }
}

/// What the line styles mean.
struct StoryboardLegend: HTML {
    func render(into output: inout HTMLOutput) {
        ul(.class("sb-legend"), .aria("label", "Arrow styles")) {
            li(.class("sb-key sb-key-push")) { "push" }
            li(.class("sb-key sb-key-present")) { "present (sheet, full cover, centered)" }
            li(.class("sb-key sb-key-tab")) { "tab or window case" }
            li(.class("sb-key sb-key-universal")) { "universal: every screen has it" }
        }.render(into: &output)
    }
}

/// The window: the start of the drawing, with its cases (or its one root) as branches.
struct StoryboardWindow: HTML {
    let places: StoryboardPlaces

    func render(into output: inout HTMLOutput) {
        let table = places.table
        let cases = table.caseRoots
        let summary: String
        if table.window.isConditional {
            summary = "\(cases.count) cases, one picked per request"
        } else {
            summary = cases.first.map { $0.count > 1 ? "a tab bar" : "one screen" } ?? ""
        }
        li(.class("sb-branch sb-start")) {
            div(.class("sb-hub sb-window")) {
                strong { "Window" }
                span(.class("sb-meta")) { summary }
            }
            ul(.class("sb-children")) {
                for (index, roots) in cases.enumerated() {
                    if let first = roots.first, case .tab = table.nodes[first].kind {
                        StoryboardTabBar(places: places, caseIndex: index, tabs: roots)
                    } else {
                        for root in roots { StoryboardBranch(places: places, node: root) }
                    }
                }
            }
        }.render(into: &output)
    }
}

/// A window case that is a tab bar: a hub whose arrows are its tabs.
struct StoryboardTabBar: HTML {
    let places: StoryboardPlaces
    let caseIndex: Int
    let tabs: [Int]

    func render(into output: inout HTMLOutput) {
        let conditional = places.table.window.isConditional
        li(.class("sb-branch"), .data("move", conditional ? "window case \(caseIndex)" : "window root")) {
            span(.class("sb-edge sb-edge-case")) { span(.class("sb-move")) { conditional ? "window case \(caseIndex)" : "window root" } }
            div(.class("sb-hub")) {
                strong { "Tab bar" }
                span(.class("sb-meta")) { "\(tabs.count) tabs" }
            }
            ul(.class("sb-children")) {
                for tab in tabs { StoryboardBranch(places: places, node: tab) }
            }
        }.render(into: &output)
    }
}

/// One place of the tree: the arrow that reaches it, its card, and its own branches.
struct StoryboardBranch: HTML {
    let places: StoryboardPlaces
    let node: Int

    func render(into output: inout HTMLOutput) {
        let node = places.table.nodes[node]
        guard let route = places.routes[node.id] else { return }
        let move = places.move(node)
        let branches = node.children.filter { !places.isDocked(places.table.nodes[$0]) }
        let docked = node.children.filter { places.isDocked(places.table.nodes[$0]) }
        li([.class("sb-branch"), .data("route", route.pattern), .data("move", move)] + places.coverageAttributes(route.pattern)) {
            span(.class("sb-edge sb-edge-\(places.moveClass(node))")) { span(.class("sb-move")) { move + places.coverageMark(route.pattern) } }
            div(.class("sb-card")) {
                div(.class("sb-text")) {
                    a(.class("sb-link"), .href(route.example)) {
                        strong(.class("sb-name")) { route.screen }
                        " "
                        code(.class("sb-url")) { route.example }
                    }
                    p(.class("sb-meta")) {
                        route.context == "Void" ? "No context" : "Context \(route.context)"
                        br()
                        route.declaration
                        if route.access != "public" {
                            br()
                            span(.class("sb-access")) { "🔒 \(route.access)" }
                        }
                    }
                    if !docked.isEmpty {
                        ul(.class("sb-exits"), .aria("label", "Universal transitions of \(route.screen)")) {
                            for id in docked { StoryboardExit(places: places, node: id) }
                        }
                    }
                }
                div(.class("sb-mini"), .inert) {
                    // Sandboxed without scripts: a miniature runs no script, submits no form,
                    // and autofocuses nothing, so it never takes the focus from the map.
                    HTMLElement<StoryboardFrameTag, String>(
                        .src(route.example), .custom(name: "loading", value: "lazy"),
                        .custom(name: "sandbox", value: "allow-same-origin"),
                        .title("Miniature of \(route.screen) at \(route.example)")) { "" }
                }
            }
            if !branches.isEmpty {
                ul(.class("sb-children")) {
                    for child in branches { StoryboardBranch(places: places, node: child) }
                }
            }
        }.render(into: &output)
    }
}

/// A docked universal transition: a small exit link on its parent's card.
struct StoryboardExit: HTML {
    let places: StoryboardPlaces
    let node: Int

    func render(into output: inout HTMLOutput) {
        let node = places.table.nodes[node]
        guard let route = places.routes[node.id] else { return }
        li([.class("sb-exit"), .data("route", route.pattern), .data("move", places.move(node))] + places.coverageAttributes(route.pattern)) {
            a(.href(route.example)) { route.screen }
            " "
            span(.class("sb-move")) { places.move(node) + places.coverageMark(route.pattern) }
        }.render(into: &output)
    }
}

/// `<iframe>`, for the miniatures.
enum StoryboardFrameTag: HTMLTagName { static var name: StaticString { "iframe" } }

/// One level of the storyboard's text alternative: the routes at `depth`, each with its subtree.
struct StoryboardLevel: HTML {
    let routes: ArraySlice<RouteDescription>
    let depth: Int

    func render(into output: inout HTMLOutput) {
        var index = routes.startIndex
        while index < routes.endIndex {
            let route = routes[index]
            var end = index + 1
            while end < routes.endIndex && routes[end].depth > depth { end += 1 }
            let children = routes[(index + 1)..<end]
            li(.data("kind", route.kind)) {
                span(.class("badge badge-\(route.kind.split(separator: " ").first.map(String.init) ?? "")")) { route.kind }
                " "
                a(.href(route.example)) { strong { route.screen } }
                " "
                code { route.pattern }
                if route.context != "Void" { span(.class("muted")) { " · context \(route.context)" } }
                span(.class("muted")) { " · \(route.declaration)" }
                if route.access != "public" { span(.class("muted")) { " · \(route.access)" } }
                if !children.isEmpty {
                    ol { StoryboardLevel(routes: children, depth: depth + 1) }
                }
            }.render(into: &output)
            index = end
        }
    }
}
