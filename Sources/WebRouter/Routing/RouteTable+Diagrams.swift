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
    public var dotDiagram: String {
        var lines = ["digraph WebRouter {", "  rankdir=LR;",
                     "  node [shape=box, style=\"rounded\", fontname=\"Helvetica\"];",
                     "  edge [fontname=\"Helvetica\", fontsize=10];",
                     "  window [label=\"Window\", shape=oval];"]
        for place in diagramPlaces {
            lines.append("  n\(place.id) [label=\"\(Self.dotEscaped(place.screen))\\n\(Self.dotEscaped(place.example))\"];")
            lines.append("  \(place.parent.map { "n\($0)" } ?? "window") -> n\(place.id) [label=\"\(Self.dotEscaped(place.move))\"];")
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
    public var mermaidDiagram: String {
        var lines = ["flowchart LR", "  window([Window])"]
        for place in diagramPlaces {
            let from = place.parent.map { "n\($0)" } ?? "window"
            lines.append("  \(from) -->|\"\(Self.mermaidEscaped(place.move))\"| n\(place.id)[\"\(Self.mermaidEscaped(place.screen))<br/>\(Self.mermaidEscaped(place.example))\"]")
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
                                       example: examples[index].example, move: move))
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
}
