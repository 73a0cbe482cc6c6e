import WebRouterHTML
extension RouteTable {
    /// The tree as a Graphviz DOT digraph, the storyboard for a team's docs: one box per
    /// place of the tree (its screen and example URL), from the window through tabs and
    /// cases, with arrows labelled by the move (`tab`, `case 1`, `push`, `present sheet`…);
    /// a box that needs sign-in says so (`Journal (signed in)`, `Admin (role admin)`).
    ///
    /// ```sh
    /// notes routes --format dot | dot -Tsvg > storyboard.svg
    /// ```
    public var dotDiagram: String { dotDiagram(exercised: nil) }

    /// The storyboard as DOT with each transition marked exercised or not by an app's tests:
    /// `exercised` holds the route patterns the tests landed on (WebRouterTesting writes them
    /// to `.build/state-check/<app>.coverage.txt`); an arrow no test made is dashed, red and
    /// labelled `untested`.
    ///
    /// ```sh
    /// notes routes --format dot --coverage .build/state-check/Notes.coverage.txt | dot -Tsvg > coverage.svg
    /// ```
    public func dotDiagram(exercised: Set<String>?) -> String {
        var lines = ["digraph WebRouter {", "  rankdir=LR;",
                     "  node [shape=box, style=\"rounded\", fontname=\"Helvetica\"];",
                     "  edge [fontname=\"Helvetica\", fontsize=10];",
                     "  window [label=\"Window\", shape=oval];"]
        for place in diagramPlaces {
            lines.append("  n\(place.id) [label=\"\(Self.dotEscaped(place.screen))\\n\(Self.dotEscaped(place.example))\"];")
            let untested = exercised.map { !$0.contains(place.pattern) } ?? false
            let label = Self.dotEscaped(place.move) + (exercised == nil ? "" : untested ? " (untested)" : " ✓")
            let style = untested ? ", style=dashed, color=red, fontcolor=red" : ""
            lines.append("  \(place.parent.map { "n\($0)" } ?? "window") -> n\(place.id) [label=\"\(label)\"\(style)];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The tree as a Mermaid flowchart (GitHub renders these in Markdown), with the same
    /// boxes and arrows as ``dotDiagram``.
    ///
    /// ```sh
    /// notes routes --format mermaid
    /// ```
    public var mermaidDiagram: String { mermaidDiagram(exercised: nil) }

    /// The flowchart with each transition marked as ``dotDiagram(exercised:)`` marks it: an
    /// arrow no test made is dotted (`-.->`) and labelled `untested`.
    ///
    /// ```sh
    /// notes routes --format mermaid --coverage .build/state-check/Notes.coverage.txt
    /// ```
    public func mermaidDiagram(exercised: Set<String>?) -> String {
        var lines = ["flowchart LR", "  window([Window])"]
        for place in diagramPlaces {
            let from = place.parent.map { "n\($0)" } ?? "window"
            let untested = exercised.map { !$0.contains(place.pattern) } ?? false
            let label = Self.mermaidEscaped(place.move) + (exercised == nil ? "" : untested ? " (untested)" : " ✓")
            lines.append("  \(from) \(untested ? "-.->" : "-->")|\"\(label)\"| n\(place.id)[\"\(Self.mermaidEscaped(place.screen))<br/>\(Self.mermaidEscaped(place.example))\"]")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One box of a diagram: a node with its screen, example URL, parent and the move that
    /// reaches it.
    private struct DiagramPlace {
        let id: Int
        let parent: Int?
        let screen: String
        let example: String
        let move: String
        let pattern: String
    }

    private var diagramPlaces: [DiagramPlace] {
        let examples = routes   // depth first in declaration order, like the walk below
        var places: [DiagramPlace] = []
        var index = 0
        func visit(_ id: Int) {
            let node = nodes[id]
            let move: String
            switch node.kind {
            case .windowCase(let caseIndex): move = window.isConditional ? "case \(caseIndex)" : "root"
            case .tab: move = "tab"
            default: move = node.kind.label + (node.declaration.hasPrefix("universal") ? " (universal)" : "")
            }
            // A protected place says who may open it: `Journal (signed in)`.
            let screen = node.access.requiresSignIn ? "\(node.screenName) (\(node.access.label))" : node.screenName
            places.append(DiagramPlace(id: id, parent: node.parent, screen: screen,
                                       example: examples[index].example, move: move,
                                       pattern: examples[index].pattern))
            index += 1
            for child in node.children { visit(child) }
        }
        for roots in caseRoots { for root in roots { visit(root) } }
        return places
    }

    private static func dotEscaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result
    }

    private static func mermaidEscaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\"": result += "#quot;"
            case "<": result += "#lt;"
            case ">": result += "#gt;"
            case "|": result += "#124;"
            default: result.append(character)
            }
        }
        return result
    }

    /// The transitions whose route pattern is not in `exercised`, as `pattern (Screen, kind)`
    /// in tree order: what an app's tests never moved to.
    ///
    /// ```swift
    /// let untested = app.table.untestedTransitions(exercised: ["/notes", "/notes/note/{Int}"])
    /// ```
    public func untestedTransitions(exercised: Set<String>) -> [String] {
        routes.filter { !exercised.contains($0.pattern) }.map { "\($0.pattern) (\($0.screen), \($0.kind))" }
    }

    /// The route pattern of a URL's state (`/feed/tournament/{Int}`), or `nil` when it does not parse.
    package func routePattern(forURL url: String) -> String? {
        parse(path: url).map(routePattern)
    }
}
