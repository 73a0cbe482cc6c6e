/// Decodes character references in text and attribute values: the named ones HTML escapers
/// produce (`&amp; &lt; &gt; &quot; &apos; &nbsp;`) and numeric ones (`&#39; &#x27;`).
enum HTMLEntities {
    static let named: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
                                          "ndash": "–", "mdash": "—", "hellip": "…", "middot": "·", "times": "×"]

    static func decode(_ text: String) -> String {
        // A byte scan: `contains("&")` resolved to Foundation's `range(of:)`, ~4,000 instructions a text node.
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var output = ""
        var index = text.startIndex
        while index < text.endIndex {
            let char = text[index]
            guard char == "&", let semicolon = text[index...].prefix(12).firstIndex(of: ";") else {
                output.append(char)
                index = text.index(after: index)
                continue
            }
            let name = text[text.index(after: index)..<semicolon]
            if let value = named[String(name)] {
                output += value
            } else if name.hasPrefix("#x") || name.hasPrefix("#X"), let code = UInt32(name.dropFirst(2), radix: 16),
                      let scalar = Unicode.Scalar(code) {
                output.unicodeScalars.append(scalar)
            } else if name.hasPrefix("#"), let code = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(code) {
                output.unicodeScalars.append(scalar)
            } else {
                output.append(char)
                index = text.index(after: index)
                continue
            }
            index = text.index(after: semicolon)
        }
        return output
    }
}
