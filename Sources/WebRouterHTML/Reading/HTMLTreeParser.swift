/// A small, forgiving HTML parser: enough to read the pages a WebRouter app renders
/// (and a browser's serialization of its DOM) into an ``HTMLDocument``.
///
/// It knows void elements, raw-text elements (`script`, `style`, `textarea`, `title`), comments,
/// the doctype, quoted and unquoted attributes and character references; an end tag closes the
/// nearest open element with its name. One pass over the page's UTF-8 bytes: each node is a record
/// appended to one array, each attribute to another; texts and values stay ranges of the bytes.
enum HTMLTreeParser {
    /// Elements without content or end tag.
    static func isVoid(_ name: String) -> Bool {
        switch name {
        case "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr": true
        default: false
        }
    }

    /// Elements whose content is text up to their end tag.
    static func isRawText(_ name: String) -> Bool {
        switch name {
        case "script", "style", "textarea", "title": true
        default: false
        }
    }

    /// What the parser needs to know of a tag, worked out once per tag name.
    struct Traits: Sendable {
        var isVoid: Bool
        var isRawText: Bool
        /// Raw text kept as written (`script`, `style`); `textarea` and `title` decode theirs.
        var isVerbatim: Bool
        var isBlock: Bool
        /// `template`, `head`, `script`, `style`: hidden whatever their attributes.
        var alwaysHides: Bool

        init(_ name: String) {
            isVoid = HTMLTreeParser.isVoid(name)
            isRawText = HTMLTreeParser.isRawText(name)
            isVerbatim = name == "script" || name == "style"
            isBlock = HTMLNode.isBlock(name)
            alwaysHides = ["template", "head", "script", "style"].contains(name)
        }
    }

    /// The traits of the seeded tags, by code (see ``TagCode``).
    static let seededTraits = NameTable.tags.names.map(Traits.init)

    /// Parses a document; never fails.
    static func parse(_ html: String) -> HTMLDocument {
        parse(utf8: Array(html.utf8))
    }

    /// Parses a document from its UTF-8 bytes (a response body, without making a `String` of it).
    static func parse(utf8 bytes: [UInt8]) -> HTMLDocument {
        bytes.withUnsafeBufferPointer { input in
            var builder = Builder(bytes: bytes, input: input)
            builder.run()
            return builder.finish()
        }
    }

    private struct Builder {
        let bytes: [UInt8]
        /// The same bytes, read in place while parsing: no bounds check, no retain per slice.
        let input: UnsafeBufferPointer<UInt8>
        var nodes: [NodeRecord] = []
        var attributes: [AttributeRecord] = []
        var tags = NameTable.tags
        var attributeNames = NameTable.attributes
        var traits = HTMLTreeParser.seededTraits
        /// The open elements, the document first.
        var stack: [Int32] = [0]
        var ids: [String: Int32] = [:]
        var labels: [String: [Int32]] = [:]

        init(bytes: [UInt8], input: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            self.input = input
            nodes.reserveCapacity(bytes.count / 24)
            attributes.reserveCapacity(bytes.count / 40)
            nodes.append(NodeRecord(tag: TagCode.document, flags: [], parent: -1, end: 1, start: 0, finish: 0))
        }

        func finish() -> HTMLDocument {
            HTMLDocument(bytes: bytes, nodes: nodes, attributes: attributes, tags: tags, attributeNames: attributeNames,
                         ids: ids, labels: labels)
        }

        /// Appends a node as the last child of the innermost open element.
        mutating func append(_ record: NodeRecord) -> Int32 {
            var record = record
            let position = Int32(nodes.count)
            let parent = Int(stack[stack.count - 1])
            record.parent = Int32(parent)
            let parentFlags = nodes[parent].flags
            if parentFlags.contains(.insideHidden) || parentFlags.contains(.hidesContent)
                || (parentFlags.contains(.closedDetails) && record.tag != TagCode.summary) { record.flags.insert(.insideHidden) }
            if nodes[parent].lastChild >= 0 { nodes[Int(nodes[parent].lastChild)].nextSibling = position } else { nodes[parent].firstChild = position }
            nodes[parent].lastChild = position
            nodes.append(record)
            return position
        }

        /// Marks the elements of the stack from `depth` on as ending here, and closes them.
        mutating func close(from depth: Int) {
            let end = Int32(nodes.count)
            while stack.count > depth { nodes[Int(stack.removeLast())].end = end }
        }

        /// Appends the text `start..<end`; `references` says whether it holds a `&` to decode.
        mutating func text(_ start: Int, _ end: Int, references: Bool, always: Bool = false) {
            guard end > start || always else { return }
            let flags: NodeRecord.Flags = references ? .needsDecoding : []
            let position = append(NodeRecord(tag: TagCode.text, flags: flags, parent: 0, end: 0, start: Int32(start), finish: Int32(end)))
            nodes[Int(position)].end = position + 1
        }

        mutating func run() {
            let count = input.count
            var index = 0
            var textStart = 0
            /// Whether the text since `textStart` holds a `&` (found by the same scan as its end).
            var references = false
            while index < count {
                // Text is skipped eight bytes at a time, up to the next `<` or `&`.
                index = find(UInt8(ascii: "<"), or: UInt8(ascii: "&"), from: index)
                guard index < count else { break }
                if input[index] == UInt8(ascii: "&") { references = true; index += 1; continue }
                guard index + 1 < count else { index += 1; continue }
                let next = input[index + 1]
                if next == UInt8(ascii: "!") {
                    text(textStart, index, references: references)
                    references = false
                    if index + 3 < count && input[index + 2] == 0x2D && input[index + 3] == 0x2D {   // <!--
                        index = commentEnd(from: index + 4)
                    } else {
                        index = (find(UInt8(ascii: ">"), from: index) ?? count - 1) + 1
                    }
                    textStart = index
                    continue
                }
                if next == UInt8(ascii: "/") {
                    text(textStart, index, references: references)
                    references = false
                    let end = find(UInt8(ascii: ">"), from: index) ?? count - 1
                    var nameStart = index + 2, nameEnd = max(end, index + 2)   // `</` at the very end names nothing
                    while nameStart < nameEnd && Self.isSpace(input[nameStart]) { nameStart += 1 }
                    while nameEnd > nameStart && Self.isSpace(input[nameEnd - 1]) { nameEnd -= 1 }
                    // Most end tags close the innermost open element: its name's key is compared,
                    // with no look-up. A name the page never opened closes nothing (and is not
                    // added to the table).
                    let key = self.key(nameStart, nameEnd)
                    let top = stack.count - 1
                    if top > 0 && tags.isShortName(nodes[Int(stack[top])].tag, key) {
                        close(from: top)
                    } else if let code = tags.existingCode(of: UnsafeBufferPointer(rebasing: input[nameStart..<nameEnd]), key: key),
                              let open = stack.lastIndex(where: { nodes[Int($0)].tag == code }), open > 0 {
                        close(from: open)
                    }
                    index = end + 1
                    textStart = index
                    continue
                }
                guard Self.isLetter(next) else { index += 1; continue }
                text(textStart, index, references: references)
                references = false
                index = element(at: index)
                textStart = index
            }
            text(textStart, count, references: references)
            close(from: 0)
        }

        /// Reads the start tag at `start` (and a raw-text element's content); returns where parsing goes on.
        mutating func element(at start: Int) -> Int {
            let count = input.count
            var cursor = start + 1
            let nameEnd = nameEnd(from: cursor)
            let tag = tags.code(of: UnsafeBufferPointer(rebasing: input[cursor..<nameEnd]), key: key(cursor, nameEnd))
            while Int(tag) >= traits.count { traits.append(Traits(tags.names[traits.count])) }
            let trait = traits[Int(tag)]
            cursor = nameEnd
            let first = attributes.count
            while cursor < count {
                while cursor < count && Self.isSpace(input[cursor]) { cursor += 1 }
                guard cursor < count else { break }
                if input[cursor] == UInt8(ascii: ">") { cursor += 1; break }
                if input[cursor] == UInt8(ascii: "/") { cursor += 1; continue }
                let attributeEnd = self.nameEnd(from: cursor)
                let nameRange = cursor..<attributeEnd
                cursor = max(attributeEnd, cursor + 1)
                var valueStart = cursor, valueEnd = cursor
                var hasReference = false
                while cursor < count && Self.isSpace(input[cursor]) { cursor += 1 }
                if cursor < count && input[cursor] == UInt8(ascii: "=") {
                    cursor += 1
                    while cursor < count && Self.isSpace(input[cursor]) { cursor += 1 }
                    if cursor < count && (input[cursor] == UInt8(ascii: "\"") || input[cursor] == UInt8(ascii: "'")) {
                        // One pass finds the closing quote and whether the value holds a `&`.
                        let quote = input[cursor]
                        var end = find(quote, or: UInt8(ascii: "&"), from: cursor + 1)
                        while end < count && input[end] != quote {
                            hasReference = true
                            end = find(quote, or: UInt8(ascii: "&"), from: end + 1)
                        }
                        valueStart = cursor + 1
                        valueEnd = end
                        cursor = end + 1
                    } else {
                        valueStart = cursor
                        while cursor < count && !Self.isSpace(input[cursor]) && input[cursor] != UInt8(ascii: ">") {
                            if input[cursor] == UInt8(ascii: "&") { hasReference = true }
                            cursor += 1
                        }
                        valueEnd = cursor
                    }
                } else {
                    valueStart = valueEnd
                }
                guard !nameRange.isEmpty else { continue }
                let name = attributeNames.code(of: UnsafeBufferPointer(rebasing: input[nameRange]),
                                               key: key(nameRange.lowerBound, nameRange.upperBound))
                var duplicate = false
                for earlier in first..<attributes.count where attributes[earlier].name == name { duplicate = true; break }
                guard !duplicate else { continue }
                attributes.append(AttributeRecord(
                    name: name, needsDecoding: hasReference,
                    valueStart: Int32(valueStart), valueEnd: Int32(valueEnd)))
            }
            let position = append(NodeRecord(tag: tag, flags: flags(tag, trait, first), parent: 0, end: 0,
                                             start: Int32(first), finish: Int32(attributes.count)))
            index(position, tag, first)
            if trait.isRawText {
                let end = findEndTag(named: tags.names[Int(tag)], from: cursor) ?? count
                stack.append(position)
                let references = !trait.isVerbatim && input[cursor..<end].contains(UInt8(ascii: "&"))
                text(cursor, end, references: references, always: true)
                self.close(from: stack.count - 1)
                return (find(UInt8(ascii: ">"), from: end) ?? count - 1) + 1
            }
            if trait.isVoid {
                nodes[Int(position)].end = position + 1
            } else {
                stack.append(position)
            }
            return cursor
        }

        /// What an element's tag and attributes say about it (see ``NodeRecord/Flags``).
        func flags(_ tag: UInt16, _ trait: Traits, _ first: Int) -> NodeRecord.Flags {
            var flags: NodeRecord.Flags = trait.isBlock ? .block : []
            if trait.alwaysHides { flags.insert(.hidesContent) }
            var open = false
            for index in first..<attributes.count {
                let attribute = attributes[index]
                switch attribute.name {
                case AttributeCode.hidden: flags.insert(.hidesContent)
                case AttributeCode.role: flags.insert(.hasRole)
                case AttributeCode.open: open = true
                case AttributeCode.ariaHidden where value(attribute).elementsEqual("true".utf8):
                    flags.formUnion([.hidesContent, .ariaHidden])
                case AttributeCode.style:
                    let style = value(attribute).filter { $0 != 0x20 }.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
                    if Self.contains(style, "display:none") || Self.contains(style, "visibility:hidden") { flags.insert(.hidesContent) }
                case AttributeCode.type where tag == TagCode.input:
                    if value(attribute).lazy.map({ $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }).elementsEqual("hidden".utf8) { flags.insert(.hiddenInput) }
                default: continue
                }
            }
            if tag == TagCode.dialog && !open { flags.insert(.hidesContent) }
            if tag == TagCode.details && !open { flags.insert(.closedDetails) }
            return flags
        }

        /// Files the element under its `id`, and a `<label for>` under the id it names.
        mutating func index(_ position: Int32, _ tag: UInt16, _ first: Int) {
            for index in first..<attributes.count {
                let attribute = attributes[index]
                if attribute.name == AttributeCode.id {
                    let id = decoded(attribute)
                    if ids[id] == nil { ids[id] = position }
                } else if attribute.name == AttributeCode.for && tag == TagCode.label {
                    labels[decoded(attribute), default: []].append(position)
                }
            }
        }

        func value(_ attribute: AttributeRecord) -> Slice<UnsafeBufferPointer<UInt8>> {
            input[Int(attribute.valueStart)..<Int(attribute.valueEnd)]
        }

        func decoded(_ attribute: AttributeRecord) -> String {
            guard attribute.needsDecoding else { return String(decoding: value(attribute), as: UTF8.self) }
            var output: [UInt8] = []
            HTMLEntities.decode(bytes[Int(attribute.valueStart)..<Int(attribute.valueEnd)], into: &output)
            return String(decoding: output, as: UTF8.self)
        }

        func nameEnd(from start: Int) -> Int {
            var end = start
            while end < input.count {
                let byte = input[end]
                if byte > UInt8(ascii: ">") { end += 1; continue }   // letters: one comparison
                if Self.isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=") { break }
                end += 1
            }
            return end
        }

        static func isLetter(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        }

        /// Whether `byte` is HTML whitespace (space, tab, line feed, form feed, carriage return):
        /// one bit of a mask, no chain of comparisons.
        static func isSpace(_ byte: UInt8) -> Bool {
            byte <= 32 && (UInt64(1) &<< UInt64(byte)) & 0x1_0000_3600 != 0
        }

        static func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
            let needle = Array(needle.utf8)
            guard haystack.count >= needle.count else { return false }
            return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
        }

        /// The position of the first `byte` from `start` on.
        func find(_ byte: UInt8, from start: Int) -> Int? {
            guard start >= 0 else { return nil }
            let found = find(byte, or: byte, from: start)
            return found < input.count ? found : nil
        }

        /// The position of the first `one` or `other` from `start` on; the end of the page when
        /// there is none. Eight bytes are compared at a time (the zero-byte test of "Bit
        /// Twiddling Hacks" on the word xor each byte repeated; the lowest flagged byte is
        /// always a true match).
        @inline(__always)
        func find(_ one: UInt8, or other: UInt8, from start: Int) -> Int {
            let count = input.count
            var index = start
            guard index < count, let base = input.baseAddress else { return count }
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            let first = ones &* UInt64(one), second = ones &* UInt64(other)
            let raw = UnsafeRawPointer(base)
            while index &+ 8 <= count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let x = word ^ first, y = word ^ second
                let hits = (((x &- ones) & ~x) | ((y &- ones) & ~y)) & highs
                if hits != 0 { return index &+ (hits.trailingZeroBitCount &>> 3) }
                index &+= 8
            }
            while index < count {
                let byte = input[index]
                if byte == one || byte == other { return index }
                index &+= 1
            }
            return count
        }

        /// The ``NameTable/Key`` of the name `start..<end`: loaded a word at a time when 16 bytes
        /// can be read from `start`.
        @inline(__always)
        func key(_ start: Int, _ end: Int) -> NameTable.Key {
            if start &+ 16 <= input.count, let base = input.baseAddress {
                return NameTable.Key(words: UnsafeRawPointer(base + start), count: end - start)
            }
            return NameTable.Key(UnsafeBufferPointer(rebasing: input[start..<end]))
        }

        /// One past the `-->` that ends a comment whose content starts at `start`; the end of the
        /// page when there is none.
        func commentEnd(from start: Int) -> Int {
            var index = start
            while let dash = find(0x2D, from: index) {
                if dash + 2 < input.count && input[dash + 1] == 0x2D && input[dash + 2] == 0x3E { return dash + 3 }
                index = dash + 1
            }
            return input.count
        }

        /// The position of `</name` (any case) from `start` on: the end of a raw-text element.
        func findEndTag(named name: String, from start: Int) -> Int? {
            var index = start
            while let open = find(UInt8(ascii: "<"), from: index) {
                index = open + 1
                guard open + 1 < input.count, input[open + 1] == UInt8(ascii: "/") else { continue }
                var cursor = open + 2
                var matches = true
                for expected in name.utf8 {
                    guard cursor < input.count else { matches = false; break }
                    var byte = input[cursor]
                    if byte >= 65 && byte <= 90 { byte += 32 }
                    if byte != expected { matches = false; break }
                    cursor += 1
                }
                if matches { return open }
            }
            return nil
        }
    }
}
