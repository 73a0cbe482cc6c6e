@_spi(WebRouterInternals) import WebRouterHTTP
import WebRouterHTML
/// One route of the table, as `webapp routes` and the storyboard map show it.
///
/// ```swift
/// for route in app.table.routes { print(route.pattern, route.screen) }
/// // /feed/tournament/{Int}/match/{Int}   Match
/// ```
public struct RouteDescription: Sendable, Equatable, Codable {
    /// The URL pattern, contexts as `{Type}` placeholders: `/search/~user/{Int}/team/{Int}`.
    public let pattern: String
    /// The content screen shown there.
    public let screen: String
    /// The context type of the last step (`Void` when none).
    public let context: String
    /// `tab`, `window`, `push`, or `present` with its style (`present sheet`).
    public let kind: String
    /// The property (or tab/case) that declares the move: `Feed.tournament`.
    public let declaration: String
    /// A URL of this route with example contexts.
    public let example: String
    /// How deep the route sits (roots are 0).
    public let depth: Int
    /// Who may open it: `public`, `signed in`, or `role admin` (roles joined by `+`); see
    /// <doc:SignInPerScreen>.
    public let access: String
}

extension RouteTable {
    /// Every route of the tree, depth first in declaration order.
    public var routes: [RouteDescription] {
        var result: [RouteDescription] = []
        result.reserveCapacity(nodes.count)
        func visit(_ id: Int, pattern: String, example: String) {
            let node = nodes[id]
            var ownPattern = pattern, ownExample = example
            if !node.name.isEmpty {
                let step = "/" + (node.kind.isPresent ? "~" : "") + node.name
                ownPattern += step
                ownExample += step
            }
            for (index, segment) in node.codec.exampleSegments.enumerated() {
                ownPattern += node.codec.segmentCount > 1 ? "/{\(node.codec.typeName).\(index + 1)}" : "/{\(node.codec.typeName)}"
                ownExample += "/" + PathSegmentEncoding.encode(segment)
            }
            result.append(RouteDescription(
                pattern: ownPattern.isEmpty ? "/" : ownPattern, screen: node.screenName, context: node.codec.typeName,
                kind: node.kind.label, declaration: node.declaration, example: ownExample.isEmpty ? "/" : ownExample,
                depth: node.depth, access: node.access.label))
            for child in node.children { visit(child, pattern: ownPattern, example: ownExample) }
        }
        for roots in caseRoots { for root in roots { visit(root, pattern: "", example: "") } }
        return result
    }

    /// The route table as aligned text, like `rails routes`; an `ACCESS` column appears when
    /// some route needs sign-in.
    public var routeListing: String {
        let routes = routes
        let showsAccess = routes.contains { $0.access != "public" }
        let header = ["PATTERN", "SCREEN", "CONTEXT", "KIND"] + (showsAccess ? ["ACCESS"] : []) + ["DECLARED BY"]
        let rows = [header] + routes.map { route in
            [route.pattern, route.screen, route.context, route.kind] + (showsAccess ? [route.access] : []) + [route.declaration]
        }
        var widths = [Int](repeating: 0, count: header.count - 1)
        for row in rows {
            for column in widths.indices { widths[column] = max(widths[column], row[column].count) }
        }
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        return rows.map { row in
            (widths.indices.map { pad(row[$0], widths[$0]) } + [row[row.count - 1]]).joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}

extension RouteNode.Kind {
    var label: String {
        switch self {
        case .windowCase: "window"
        case .tab: "tab"
        case .push: "push"
        case .present(.sheet(detent: .large)): "present sheet"
        case .present(.sheet(detent: .medium)): "present sheet (medium)"
        case .present(.fullScreenCover): "present full cover"
        case .present(.centered): "present centered"
        }
    }
}
