/// An element of a parsed page, for reading landmarks in tests.
///
/// ```swift
/// let body = page.document.first { $0.tag == "body" }
/// body?["data-screen"]      // "Match"
/// ```
public final class HTMLNode: @unchecked Sendable {
    /// Lowercase tag name; `#text` for text nodes, `#document` for the root.
    public let tag: String
    /// Attributes, entity-decoded; a boolean attribute has the value "".
    public let attributes: [String: String]
    /// Decoded text, for text nodes.
    public let textValue: String
    /// The child nodes, text nodes included, in document order.
    public internal(set) var children: [HTMLNode] = []
    /// The enclosing element; `nil` for the document root.
    public internal(set) weak var parent: HTMLNode?

    init(tag: String, attributes: [String: String] = [:], text: String = "") {
        self.tag = tag
        self.attributes = attributes
        self.textValue = text
    }

    /// An attribute's value.
    public subscript(attribute: String) -> String? { attributes[attribute] }

    /// Whether the `class` attribute lists `name`.
    public func hasClass(_ name: String) -> Bool {
        (attributes["class"] ?? "").split(separator: " ").contains { $0 == name }
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
        if attributes["aria-hidden"] == "true" { return }
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
    public func first(where predicate: (HTMLNode) -> Bool) -> HTMLNode? { descendants.first(where: predicate) }

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
