/// A small, forgiving HTML parser: enough to read the pages a WebRouter app renders
/// (and a browser's serialization of its DOM) into a tree of ``HTMLNode``s.
///
/// It knows void elements, raw-text elements (`script`, `style`), comments, the doctype,
/// quoted and unquoted attributes and character references; an end tag closes the
/// nearest open element with its name.
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

    /// Parses a document; never fails.
    static func parse(_ html: String) -> HTMLNode {
        let root = HTMLNode(tag: "#document")
        var stack: [HTMLNode] = [root]
        let bytes = Array(html.utf8)
        var index = 0
        var textStart = 0

        func flushText(upTo end: Int) {
            guard end > textStart else { return }
            let text = HTMLEntities.decode(String(decoding: bytes[textStart..<end], as: UTF8.self))
            let node = HTMLNode(tag: "#text", text: text)
            stack[stack.count - 1].adopt(node)
        }

        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count else { index += 1; continue }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "!") {
                flushText(upTo: index)
                if bytes[index...].starts(with: Array("<!--".utf8)) {
                    index = find(Array("-->".utf8), in: bytes, from: index + 4).map { $0 + 3 } ?? bytes.count
                } else {
                    index = (find([UInt8(ascii: ">")], in: bytes, from: index) ?? bytes.count - 1) + 1
                }
                textStart = index
                continue
            }
            if next == UInt8(ascii: "/") {
                flushText(upTo: index)
                let end = (find([UInt8(ascii: ">")], in: bytes, from: index) ?? bytes.count - 1)
                var nameStart = index + 2, nameEnd = end
                while nameStart < nameEnd && isSpace(bytes[nameStart]) { nameStart += 1 }
                while nameEnd > nameStart && isSpace(bytes[nameEnd - 1]) { nameEnd -= 1 }
                let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self).lowercased()
                if let open = stack.lastIndex(where: { $0.tag == name }), open > 0 {
                    stack.removeSubrange(open...)
                }
                index = end + 1
                textStart = index
                continue
            }
            guard isLetter(next) else { index += 1; continue }
            flushText(upTo: index)
            var cursor = index + 1
            let (name, afterName) = readName(bytes, from: cursor)
            cursor = afterName
            var attributes: [(name: String, value: String)] = []
            while cursor < bytes.count {
                while cursor < bytes.count && isSpace(bytes[cursor]) { cursor += 1 }
                guard cursor < bytes.count else { break }
                if bytes[cursor] == UInt8(ascii: ">") { cursor += 1; break }
                if bytes[cursor] == UInt8(ascii: "/") { cursor += 1; continue }
                let (attributeName, afterAttribute) = readName(bytes, from: cursor)
                cursor = max(afterAttribute, cursor + 1)
                var value = ""
                while cursor < bytes.count && isSpace(bytes[cursor]) { cursor += 1 }
                if cursor < bytes.count && bytes[cursor] == UInt8(ascii: "=") {
                    cursor += 1
                    while cursor < bytes.count && isSpace(bytes[cursor]) { cursor += 1 }
                    if cursor < bytes.count && (bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'")) {
                        let quote = bytes[cursor]
                        let end = find([quote], in: bytes, from: cursor + 1) ?? bytes.count
                        value = String(decoding: bytes[(cursor + 1)..<end], as: UTF8.self)
                        cursor = end + 1
                    } else {
                        let start = cursor
                        while cursor < bytes.count && !isSpace(bytes[cursor]) && bytes[cursor] != UInt8(ascii: ">") { cursor += 1 }
                        value = String(decoding: bytes[start..<cursor], as: UTF8.self)
                    }
                }
                if !attributeName.isEmpty && !attributes.contains(where: { $0.name == attributeName }) {
                    attributes.append((attributeName, HTMLEntities.decode(value)))
                }
            }
            let element = HTMLNode(tag: name, attributes: attributes)
            stack[stack.count - 1].adopt(element)
            index = cursor
            if isRawText(name) {
                let close = Array("</\(name)".utf8)
                let end = findCaseInsensitive(close, in: bytes, from: index) ?? bytes.count
                let raw = String(decoding: bytes[index..<end], as: UTF8.self)
                let text = HTMLNode(tag: "#text", text: name == "script" || name == "style" ? raw : HTMLEntities.decode(raw))
                element.adopt(text)
                index = (find([UInt8(ascii: ">")], in: bytes, from: end) ?? bytes.count - 1) + 1
            } else if !isVoid(name) {
                stack.append(element)
            }
            textStart = index
        }
        flushText(upTo: bytes.count)
        root.index = DocumentIndex(root)
        return root
    }

    private static func readName(_ bytes: [UInt8], from start: Int) -> (String, Int) {
        var end = start
        while end < bytes.count && !isSpace(bytes[end]) && bytes[end] != UInt8(ascii: ">") && bytes[end] != UInt8(ascii: "/")
            && bytes[end] != UInt8(ascii: "=") { end += 1 }
        return (String(decoding: bytes[start..<end], as: UTF8.self).lowercased(), end)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 || byte == 12 }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count, !needle.isEmpty else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0] && bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private static func findCaseInsensitive(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        let lower = needle.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
        var index = start
        while index + lower.count <= bytes.count {
            var matches = true
            for offset in 0..<lower.count {
                var byte = bytes[index + offset]
                if byte >= 65 && byte <= 90 { byte += 32 }
                if byte != lower[offset] { matches = false; break }
            }
            if matches { return index }
            index += 1
        }
        return nil
    }
}
