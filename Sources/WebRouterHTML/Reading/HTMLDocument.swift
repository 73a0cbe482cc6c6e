/// A parsed page, flat: one array of node records in document order, one array of attribute
/// records, the page's bytes, and the names the page uses. A node is a position in the arrays;
/// ``HTMLNode`` is a handle to one. Texts and attribute values stay byte ranges of the page
/// until they are read, so parsing allocates a few arrays, not an object per node, and freeing a
/// document frees those arrays.
///
/// A node's descendants are the nodes after it up to its ``NodeRecord/end``: "is inside" is a
/// comparison, and "every element below" a range.
/// ```swift
/// let document = HTMLNode.parse("<p>Hi</p>").document
/// document.nodes.count   // 3: the document, <p>, its text
/// ```
final class HTMLDocument: Sendable {
    /// The page's UTF-8 bytes.
    let bytes: [UInt8]
    /// The nodes in document order; node 0 is the document.
    let nodes: [NodeRecord]
    /// The attributes of every element, each element's in one run, in source order.
    let attributes: [AttributeRecord]
    /// The tag names the page uses, by code.
    let tags: NameTable
    /// The attribute names the page uses, by code.
    let attributeNames: NameTable
    /// The first element with each `id`, in document order.
    let ids: [String: Int32]
    /// The `<label>` elements naming each id in `for`, in document order.
    let labels: [String: [Int32]]

    init(bytes: [UInt8], nodes: [NodeRecord], attributes: [AttributeRecord], tags: NameTable, attributeNames: NameTable,
         ids: [String: Int32], labels: [String: [Int32]]) {
        self.bytes = bytes
        self.nodes = nodes
        self.attributes = attributes
        self.tags = tags
        self.attributeNames = attributeNames
        self.ids = ids
        self.labels = labels
    }

    /// The record of the attribute `code` on node `node`, if it has it.
    func attribute(_ code: UInt16, of node: Int32) -> AttributeRecord? {
        let record = nodes[Int(node)]
        guard record.tag != TagCode.text else { return nil }
        var index = Int(record.start)
        let end = Int(record.finish)
        while index < end {
            if attributes[index].name == code { return attributes[index] }
            index += 1
        }
        return nil
    }

    /// The value of an attribute, decoded.
    func value(_ attribute: AttributeRecord) -> String {
        guard attribute.needsDecoding else {
            // From the page's buffer in place: the fast path of `String(decoding:)`, which an
            // `ArraySlice` does not take.
            return bytes.withUnsafeBufferPointer {
                String(decoding: UnsafeBufferPointer(rebasing: $0[Int(attribute.valueStart)..<Int(attribute.valueEnd)]), as: UTF8.self)
            }
        }
        let raw = bytes[Int(attribute.valueStart)..<Int(attribute.valueEnd)]
        var output: [UInt8] = []
        HTMLEntities.decode(raw, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether an attribute's value is `expected` (compared without decoding when it needs none).
    func value(_ attribute: AttributeRecord, is expected: String) -> Bool {
        guard !attribute.needsDecoding else { return value(attribute) == expected }
        return bytes[Int(attribute.valueStart)..<Int(attribute.valueEnd)].elementsEqual(expected.utf8)
    }

    /// Appends a text node's decoded text to `output`.
    func appendText(of node: Int32, to output: inout [UInt8]) {
        appendText(of: nodes[Int(node)], to: &output)
    }

    /// Appends the decoded text of a text node's record to `output`.
    func appendText(of record: NodeRecord, to output: inout [UInt8]) {
        if record.has(.needsDecoding) {
            HTMLEntities.decode(bytes[Int(record.start)..<Int(record.finish)], into: &output)
        } else {
            bytes.withUnsafeBufferPointer { output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[Int(record.start)..<Int(record.finish)])) }
        }
    }
}

/// A node of an ``HTMLDocument``: its tag, its place in the tree, and its attributes or text.
struct NodeRecord: Sendable {
    /// The tag's code in ``HTMLDocument/tags`` (``Tag/text`` for text, ``Tag/document`` for the root).
    var tag: UInt16
    /// What the parser worked out once (see ``Flags``).
    var flags: Flags
    /// The parent's position; -1 for the document.
    var parent: Int32
    /// The first child's position, -1 when there is none.
    var firstChild: Int32 = -1
    /// The last child's position, -1 when there is none.
    var lastChild: Int32 = -1
    /// The next sibling's position, -1 when there is none.
    var nextSibling: Int32 = -1
    /// One past the position of the node's last descendant.
    var end: Int32
    /// An element's first attribute in ``HTMLDocument/attributes``; a text's first byte.
    var start: Int32
    /// One past an element's last attribute; one past a text's last byte.
    var finish: Int32

    struct Flags: OptionSet, Sendable {
        let rawValue: UInt8
        /// The element hides itself and everything in it (see ``HTMLNode/isHidden``).
        static let hidesContent = Flags(rawValue: 1)
        /// An ancestor hides its content.
        static let insideHidden = Flags(rawValue: 2)
        /// The element ends a line of visible text.
        static let block = Flags(rawValue: 4)
        /// The text holds a character reference.
        static let needsDecoding = Flags(rawValue: 8)
        /// `aria-hidden="true"`: left out of ``HTMLNode/text``.
        static let ariaHidden = Flags(rawValue: 16)
        /// `<input type="hidden">`.
        static let hiddenInput = Flags(rawValue: 32)
        /// A `<details>` without `open`: everything in it but its `<summary>` is hidden.
        static let closedDetails = Flags(rawValue: 64)
        /// The element has a `role` attribute: readers ask every element, and a flag answers
        /// without a look at its attributes.
        static let hasRole = Flags(rawValue: 128)
    }

    func has(_ flag: Flags) -> Bool { flags.contains(flag) }
}

/// An attribute of an element: its name's code and its value's bytes in the page.
struct AttributeRecord: Sendable {
    /// The name's code in ``HTMLDocument/attributeNames``.
    var name: UInt16
    /// Whether the value holds a character reference.
    var needsDecoding: Bool
    var valueStart: Int32
    var valueEnd: Int32
}
