/// The storyboard of the app, drawn from the types: every screen and every transition
/// (tab, push, present) as a nested outline, each screen with an example link.
/// Served at `/_map` (``ApplicationConfiguration/storyboardPath``).
struct StoryboardMap: HTML {
    let table: RouteTable

    func render(into output: inout HTMLOutput) {
        let routes = table.routes
        div(.class("storyboard")) {
            h1 { "Storyboard" }
            p(.class("muted")) {
                "\(routes.count) screens and transitions, read from the screen tree's types. Each links to an example URL."
            }
            ol(.class("storyboard-tree"), .role("tree"), .aria("label", "Screen tree")) {
                StoryboardLevel(routes: routes[...], depth: 0)
            }
        }.render(into: &output)
    }
}

/// One level of the storyboard outline: the routes at `depth`, each with its subtree.
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
            li(.role("treeitem"), .data("kind", route.kind)) {
                span(.class("badge badge-\(route.kind.split(separator: " ").first.map(String.init) ?? "")")) { route.kind }
                " "
                a(.href(route.example)) { strong { route.screen } }
                " "
                code { route.pattern }
                if route.context != "Void" { span(.class("muted")) { " · context \(route.context)" } }
                span(.class("muted")) { " · \(route.declaration)" }
                if !children.isEmpty {
                    ol(.role("group")) { StoryboardLevel(routes: children, depth: depth + 1) }
                }
            }.render(into: &output)
            index = end
        }
    }
}
