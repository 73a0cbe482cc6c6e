/// A node of a page as WebRouter reads HTML back — the read side of the HTML DSL. The page
/// state a client gets with `Accept: application/json` is read from it, and so are the
/// landmarks and locators of WebRouterTesting.
///
/// ```swift
/// let document = HTMLNode.parse(#"<body data-screen="Match"><h1>Match 12</h1></body>"#)
/// document.first { $0.tag == "body" }?["data-screen"]   // "Match"
/// document.first { $0.tag == "h1" }?.text                // "Match 12"
/// ```
///
/// A node is a small value: a handle to its place in the parsed document, which holds every
/// node in one flat array (no object per node). Two handles are equal when they name the same
/// node of the same parse; a node can key a dictionary or a set.
///
/// The parser is small and forgiving: it knows void and raw-text elements, comments, the
/// doctype, quoted and unquoted attributes and character references, and an end tag closes
/// the nearest open element with its name. It does not infer omitted end tags (`<p>`, `<li>`),
/// which neither WebRouter's pages nor a browser's serialization of its DOM leave out.
public struct HTMLNode: Sendable, Hashable {
    /// The parsed page the node belongs to.
    let document: HTMLDocument
    /// The node's position in ``HTMLDocument/nodes``.
    let position: Int32

    init(_ document: HTMLDocument, _ position: Int32) {
        self.document = document
        self.position = position
    }

    /// Parses a document into its root node (tag `#document`); never fails.
    /// ```swift
    /// let root = HTMLNode.parse("<p>Hello</p>")
    /// root.children.first?.tag   // "p"
    /// ```
    public static func parse(_ html: String) -> HTMLNode {
        HTMLNode(HTMLTreeParser.parse(html), 0)
    }

    /// Parses a document from its UTF-8 bytes — a response body as it is, with no `String`
    /// made of the whole page.
    package static func parse(utf8 bytes: [UInt8]) -> HTMLNode {
        HTMLNode(HTMLTreeParser.parse(utf8: bytes), 0)
    }

    /// Whether two handles name the same node of the same parse.
    /// ```swift
    /// root.first { $0.tag == "p" } == root.children.first   // true
    /// ```
    public static func == (lhs: HTMLNode, rhs: HTMLNode) -> Bool {
        lhs.position == rhs.position && lhs.document === rhs.document
    }

    /// Hashes the node's identity (its document and position).
    /// ```swift
    /// var seen = Set<HTMLNode>(); seen.insert(node)
    /// ```
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(document))
        hasher.combine(position)
    }

    var record: NodeRecord { document.nodes[Int(position)] }

    /// The tag's code in the document's name table.
    package var tagCode: UInt16 { document.nodes[Int(position)].tag }

    /// Whether the node is a text node.
    var isText: Bool { tagCode == TagCode.text }

    /// Lowercase tag name; `#text` for text nodes, `#document` for the root.
    /// ```swift
    /// HTMLNode.parse("<P>x</P>").children.first?.tag   // "p"
    /// ```
    public var tag: String { document.tags.names[Int(tagCode)] }

    /// Decoded text, for text nodes; "" for elements.
    /// ```swift
    /// HTMLNode.parse("a &amp; b").children.first?.textValue   // "a & b"
    /// ```
    public var textValue: String {
        guard isText else { return "" }
        var output: [UInt8] = []
        document.appendText(of: position, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// The child nodes, text nodes included, in document order.
    /// ```swift
    /// HTMLNode.parse("<ul><li>a</li><li>b</li></ul>").children.first?.children.count   // 2
    /// ```
    public var children: [HTMLNode] {
        var result: [HTMLNode] = []
        var child = record.firstChild
        while child >= 0 {
            result.append(HTMLNode(document, child))
            child = document.nodes[Int(child)].nextSibling
        }
        return result
    }

    /// The enclosing element; `nil` for the document root.
    /// ```swift
    /// paragraph.parent?.tag   // "body"
    /// ```
    public var parent: HTMLNode? {
        let parent = record.parent
        return parent >= 0 ? HTMLNode(document, parent) : nil
    }

    /// Attributes, entity-decoded; a boolean attribute has the value "".
    /// ```swift
    /// HTMLNode.parse(#"<a href="/x" hidden>"#).children.first?.attributes   // ["href": "/x", "hidden": ""]
    /// ```
    public var attributes: [String: String] {
        let record = self.record
        guard record.tag != TagCode.text else { return [:] }
        var result: [String: String] = [:]
        for attribute in document.attributes[Int(record.start)..<Int(record.finish)] {
            result[document.attributeNames.names[Int(attribute.name)]] = document.value(attribute)
        }
        return result
    }

    /// An attribute's value.
    /// ```swift
    /// link["href"]   // "/feed"
    /// ```
    public subscript(attribute: String) -> String? {
        guard let code = document.attributeNames.existingCode(of: attribute) else { return nil }
        return self[code]
    }

    /// The value of the attribute with a name's code.
    package subscript(code: UInt16) -> String? {
        document.attribute(code, of: position).map(document.value)
    }

    /// Whether the element has the attribute with a name's code.
    package func has(_ code: UInt16) -> Bool {
        // `role` is asked of every element by the readers: the parser flagged it.
        if code == AttributeCode.role { return record.has(.hasRole) }
        return document.attribute(code, of: position) != nil
    }

    /// Whether the attribute with a name's code has the value `value`.
    package func attribute(_ code: UInt16, is value: String) -> Bool {
        document.attribute(code, of: position).map { document.value($0, is: value) } ?? false
    }

    /// Whether the `class` attribute lists `name`.
    /// ```swift
    /// dialog.hasClass("modal-sheet")   // true
    /// ```
    public func hasClass(_ name: String) -> Bool {
        guard let value = self[AttributeCode.class] else { return false }
        return value.utf8.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A }).contains { $0.elementsEqual(name.utf8) }
    }

    /// The text of the element and its descendants as a screen reader reads it: whitespace
    /// collapsed and trimmed, `aria-hidden="true"` parts (decorative icons) left out.
    /// ```swift
    /// HTMLNode.parse("<p>Hello <b>world</b></p>").text   // "Hello world"
    /// ```
    public var text: String {
        var raw: [UInt8] = []
        raw.reserveCapacity(64)
        collectText(position, into: &raw)
        return HTMLNode.collapse(raw, nonBreaking: false)
    }

    private func collectText(_ node: Int32, into output: inout [UInt8]) {
        let record = document.nodes[Int(node)]
        if record.tag == TagCode.text { document.appendText(of: node, to: &output); return }
        if record.has(.ariaHidden) { return }
        var child = record.firstChild
        while child >= 0 {
            collectText(child, into: &output)
            child = document.nodes[Int(child)].nextSibling
        }
        if record.tag == TagCode.br || record.tag == TagCode.p || record.tag == TagCode.li { output.append(0x20) }
    }

    /// The positions of the elements below this one, in document order.
    var descendantPositions: some Sequence<Int32> {
        let nodes = document.nodes
        return (position + 1..<record.end).lazy.filter { nodes[Int($0)].tag != TagCode.text }
    }

    /// Calls `body` with every element below this one, in document order, without collecting
    /// them in an array.
    package func forEachDescendant(_ body: (HTMLNode) -> Void) {
        let end = record.end
        var position = self.position + 1
        while position < end {
            if document.nodes[Int(position)].tag != TagCode.text { body(HTMLNode(document, position)) }
            position += 1
        }
    }

    /// Every element below this one, in document order.
    /// ```swift
    /// root.descendants.filter { $0.tag == "a" }.count   // the links
    /// ```
    public var descendants: [HTMLNode] {
        var result: [HTMLNode] = []
        result.reserveCapacity(Int(record.end - position))
        for child in descendantPositions { result.append(HTMLNode(document, child)) }
        return result
    }

    /// The elements below this one that match, in document order.
    /// ```swift
    /// root.all { $0.tag == "a" && $0["href"] != nil }
    /// ```
    public func all(where predicate: (HTMLNode) -> Bool) -> [HTMLNode] {
        var result: [HTMLNode] = []
        for child in descendantPositions where predicate(HTMLNode(document, child)) { result.append(HTMLNode(document, child)) }
        return result
    }

    /// The first element below this one that matches.
    /// It stops at the first match, without collecting the rest of the tree.
    /// ```swift
    /// root.first { $0.tag == "h1" }?.text   // "Match 12"
    /// ```
    public func first(where predicate: (HTMLNode) -> Bool) -> HTMLNode? {
        for child in descendantPositions where predicate(HTMLNode(document, child)) { return HTMLNode(document, child) }
        return nil
    }

    /// The elements with a tag, optionally with an attribute value.
    /// ```swift
    /// root.all("input", "type", "hidden")   // the hidden inputs
    /// ```
    public func all(_ tag: String, _ attribute: String? = nil, _ value: String? = nil) -> [HTMLNode] {
        all { $0.tag == tag && (attribute == nil || (value == nil ? $0[attribute!] != nil : $0[attribute!] == value)) }
    }

    /// Whether `ancestor` contains this element.
    /// ```swift
    /// link.isInside(main)   // true
    /// ```
    public func isInside(_ ancestor: HTMLNode) -> Bool {
        ancestor.document === document && ancestor.position < position && position < ancestor.record.end
    }

    /// The nearest enclosing element with a tag.
    /// ```swift
    /// input.enclosing("form")?["action"]   // "/session"
    /// ```
    public func enclosing(_ tag: String) -> HTMLNode? {
        guard let code = document.tags.existingCode(of: tag) else { return nil }
        return enclosing(code)
    }

    /// The nearest enclosing element with a tag's code.
    package func enclosing(_ code: UInt16) -> HTMLNode? {
        var node = record.parent
        while node >= 0 {
            let record = document.nodes[Int(node)]
            if record.tag == code { return HTMLNode(document, node) }
            node = record.parent
        }
        return nil
    }

    /// `bytes` as a string with runs of whitespace made one space, trimmed; with `nonBreaking`,
    /// U+00A0 (C2 A0) and form feeds count as whitespace too.
    static func collapse(_ bytes: [UInt8], nonBreaking: Bool) -> String {
        guard !bytes.isEmpty else { return "" }
        // Written straight into the string's storage: no second buffer (a short name is a small
        // string, with no storage at all).
        return bytes.withUnsafeBufferPointer { input in
            String(unsafeUninitializedCapacity: input.count) { output in
                var count = 0
                var pendingSpace = false
                var index = 0
                while index < input.count {
                    let byte = input[index]
                    index += 1
                    switch byte {
                    case 0x20, 0x0A, 0x09, 0x0D: pendingSpace = true; continue
                    case 0x0C where nonBreaking: pendingSpace = true; continue
                    case 0xC2 where nonBreaking && index < input.count && input[index] == 0xA0: pendingSpace = true; index += 1; continue
                    default: break
                    }
                    if pendingSpace && count > 0 { output[count] = 0x20; count += 1 }
                    pendingSpace = false
                    output[count] = byte
                    count += 1
                }
                return count
            }
        }
    }
}
