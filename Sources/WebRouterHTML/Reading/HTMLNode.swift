/// An element of a page as WebRouter reads HTML back — the read side of the HTML DSL. The
/// page state a client gets with `Accept: application/json` is read from it, and so are the
/// landmarks and locators of WebRouterTesting.
///
/// ```swift
/// let document = HTMLNode.parse(#"<body data-screen="Match"><h1>Match 12</h1></body>"#)
/// document.first { $0.tag == "body" }?["data-screen"]   // "Match"
/// document.first { $0.tag == "h1" }?.text                // "Match 12"
/// ```
///
/// The parser is small and forgiving: it knows void and raw-text elements, comments, the
/// doctype, quoted and unquoted attributes and character references, and an end tag closes
/// the nearest open element with its name. It does not infer omitted end tags (`<p>`, `<li>`),
/// which neither WebRouter's pages nor a browser's serialization of its DOM leave out.
public final class HTMLNode: @unchecked Sendable {
    /// Lowercase tag name; `#text` for text nodes, `#document` for the root.
    public let tag: String
    /// The attributes in source order, entity-decoded, the first of a repeated name kept; a
    /// boolean attribute has the value "". Looked up by a scan: an element has a handful, and
    /// comparing short names costs less than hashing them into a dictionary per element.
    let attributeList: [(name: String, value: String)]
    /// Decoded text, for text nodes.
    public let textValue: String
    /// The child nodes, text nodes included, in document order.
    public internal(set) var children: [HTMLNode] = []
    /// The enclosing element; `nil` for the document root.
    public internal(set) weak var parent: HTMLNode?
    /// Whether an ancestor hides its content (set as the tree is built, so ``isHidden`` reads
    /// one flag instead of walking up from every node).
    var insideHidden = false
    /// Whether the element hides itself and everything in it (see ``isHidden``): worked out
    /// once, when the element is made, since its tag and attributes never change.
    let hidesItsContent: Bool
    /// Whether the element ends a line of visible text (`p`, `li`, `div`, `button`…).
    let isBlock: Bool
    /// The document's ids and labels, on the root of a parsed document (see ``DocumentIndex``).
    var index: DocumentIndex?

    /// Attributes, entity-decoded; a boolean attribute has the value "".
    public var attributes: [String: String] {
        Dictionary(attributeList.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    init(tag: String, attributes: [(name: String, value: String)] = [], text: String = "") {
        self.tag = tag
        self.attributeList = attributes
        self.textValue = text
        self.hidesItsContent = Self.hides(tag: tag, attributes: attributes)
        self.isBlock = Self.isBlock(tag)
    }

    /// Appends `child` as the last child, with what it inherits from this element.
    func adopt(_ child: HTMLNode) {
        child.parent = self
        child.insideHidden = insideHidden || hidesItsContent
        children.append(child)
    }

    /// Parses a document into its root node (tag `#document`); never fails.
    public static func parse(_ html: String) -> HTMLNode {
        HTMLTreeParser.parse(html)
    }

    /// An attribute's value.
    public subscript(attribute: String) -> String? {
        for pair in attributeList where pair.name == attribute { return pair.value }
        return nil
    }

    /// Whether the `class` attribute lists `name`.
    public func hasClass(_ name: String) -> Bool {
        (self["class"] ?? "").split(separator: " ").contains { $0 == name }
    }

    /// The text of the element and its descendants as a screen reader reads it: whitespace
    /// collapsed and trimmed, `aria-hidden="true"` parts (decorative icons) left out.
    public var text: String {
        var raw = ""
        collectText(into: &raw)
        return raw.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }

    private func collectText(into output: inout String) {
        if tag == "#text" { output += textValue; return }
        if self["aria-hidden"] == "true" { return }
        for child in children { child.collectText(into: &output) }
        if tag == "br" || tag == "p" || tag == "li" { output += " " }
    }

    /// Every element below this one, in document order.
    public var descendants: [HTMLNode] {
        var result: [HTMLNode] = []
        func walk(_ node: HTMLNode) {
            for child in node.children where child.tag != "#text" {
                result.append(child)
                walk(child)
            }
        }
        walk(self)
        return result
    }

    /// The elements below this one that match, in document order.
    public func all(where predicate: (HTMLNode) -> Bool) -> [HTMLNode] { descendants.filter(predicate) }

    /// The first element below this one that matches.
    /// It stops at the first match, without collecting the rest of the tree.
    public func first(where predicate: (HTMLNode) -> Bool) -> HTMLNode? {
        for child in children where child.tag != "#text" {
            if predicate(child) { return child }
            if let found = child.first(where: predicate) { return found }
        }
        return nil
    }

    /// The elements with a tag, optionally with an attribute value.
    public func all(_ tag: String, _ attribute: String? = nil, _ value: String? = nil) -> [HTMLNode] {
        all { $0.tag == tag && (attribute == nil || (value == nil ? $0[attribute!] != nil : $0[attribute!] == value)) }
    }

    /// Whether `ancestor` contains this element.
    public func isInside(_ ancestor: HTMLNode) -> Bool {
        var node = parent
        while let current = node {
            if current === ancestor { return true }
            node = current.parent
        }
        return false
    }

    /// The nearest enclosing element with a tag.
    public func enclosing(_ tag: String) -> HTMLNode? {
        var node = parent
        while let current = node {
            if current.tag == tag { return current }
            node = current.parent
        }
        return nil
    }
}
