/// Decodes character references in text and attribute values: the named ones HTML escapers
/// produce (`&amp; &lt; &gt; &quot; &apos; &nbsp;`…) and numeric ones (`&#39; &#x27;`), byte by
/// byte into a buffer — the reader decodes a text or a value only when it is read.
/// ```swift
/// var output: [UInt8] = []
/// HTMLEntities.decode(Array("a &amp; b".utf8)[...], into: &output)   // "a & b"
/// ```
enum HTMLEntities {
    static let named: [(name: [UInt8], value: [UInt8])] = [
        ("amp", "&"), ("lt", "<"), ("gt", ">"), ("quot", "\""), ("apos", "'"), ("nbsp", "\u{A0}"),
        ("ndash", "–"), ("mdash", "—"), ("hellip", "…"), ("middot", "·"), ("times", "×"),
    ].map { (Array($0.0.utf8), Array($0.1.utf8)) }

    /// Appends `bytes` to `output` with their character references decoded.
    static func decode(_ bytes: ArraySlice<UInt8>, into output: inout [UInt8]) {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&") else {
                output.append(byte)
                index += 1
                continue
            }
            let limit = min(bytes.endIndex, index + 12)
            guard let semicolon = bytes[index..<limit].firstIndex(of: UInt8(ascii: ";")),
                  reference(bytes[(index + 1)..<semicolon], into: &output) else {
                output.append(byte)
                index += 1
                continue
            }
            index = semicolon + 1
        }
    }

    /// Appends the character `name` (between `&` and `;`) refers to; `false` when it is none.
    private static func reference(_ name: ArraySlice<UInt8>, into output: inout [UInt8]) -> Bool {
        if name.first == UInt8(ascii: "#") {
            var digits = name.dropFirst()
            var radix: UInt32 = 10
            if digits.first == UInt8(ascii: "x") || digits.first == UInt8(ascii: "X") { radix = 16; digits = digits.dropFirst() }
            guard !digits.isEmpty else { return false }
            var code: UInt32 = 0
            for digit in digits {
                let value: UInt32
                switch digit {
                case 48...57: value = UInt32(digit - 48)
                case 97...102 where radix == 16: value = UInt32(digit - 87)
                case 65...70 where radix == 16: value = UInt32(digit - 55)
                default: return false
                }
                code = code * radix + value
                if code > 0x10FFFF { return false }
            }
            guard let scalar = Unicode.Scalar(code) else { return false }
            output.append(contentsOf: String(Character(scalar)).utf8)
            return true
        }
        for entry in named where entry.name.elementsEqual(name) {
            output.append(contentsOf: entry.value)
            return true
        }
        return false
    }
}
