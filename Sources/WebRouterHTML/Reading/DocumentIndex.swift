/// What readers look up across a whole parsed document, gathered in one walk when it is
/// parsed: elements by `id` and `<label for>`s by the id they name. With it a control's
/// label and an `aria-labelledby` target cost a dictionary look-up, not a search of the
/// document per control (a page state read was quadratic in the page).
/// ```swift
/// let document = HTMLNode.parse(#"<label for="q">Search</label><input id="q">"#)
/// document.index?.labels["q"]?.first?.text   // "Search"
/// ```
struct DocumentIndex {
    /// The first element with each `id`, in document order.
    var ids: [String: HTMLNode] = [:]
    /// The `<label>` elements naming each id in `for`, in document order.
    var labels: [String: [HTMLNode]] = [:]

    init(_ root: HTMLNode) {
        var stack = [root]
        while let node = stack.popLast() {
            if let id = node["id"], ids[id] == nil { ids[id] = node }
            if node.tag == "label", let target = node["for"] { labels[target, default: []].append(node) }
            stack.append(contentsOf: node.children.reversed())
        }
    }
}
