/// Percent-encoding of one path segment for printing URLs.
///
/// Everything outside RFC 3986's unreserved set and a few safe sub-delimiters is encoded,
/// including `/` and `?`, so any string round-trips through one segment. A leading `~` is
/// encoded too, so a context value can never be read as a present step.
enum PathSegmentEncoding {
    private static let safe: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] = true }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] = true }
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(byte)] = true }
        for char in "-._~!$&'()*+,;=:@".utf8 { table[Int(char)] = true }
        return table
    }()
    private static let hex: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// Appends `segment`, percent-encoded, to `output`.
    static func append(_ segment: String, to output: inout String) {
        var needsEncoding = segment.isEmpty ? false : segment.utf8.first == UInt8(ascii: "~")
        if !needsEncoding {
            for byte in segment.utf8 where !safe[Int(byte)] { needsEncoding = true; break }
        }
        guard needsEncoding else { output += segment; return }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(segment.utf8.count * 3)
        var first = true
        for byte in segment.utf8 {
            if safe[Int(byte)] && !(first && byte == UInt8(ascii: "~")) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            }
            first = false
        }
        output += String(decoding: bytes, as: UTF8.self)
    }

    static func encode(_ segment: String) -> String {
        var output = ""
        append(segment, to: &output)
        return output
    }

    /// Percent-encodes a query parameter value: everything but unreserved characters and `/`.
    static func encodeQueryValue(_ value: String) -> String {
        var output = ""
        appendQueryValue(value, to: &output)
        return output
    }

    /// Appends `value` percent-encoded for a query (unreserved characters and `/` stay):
    /// in place, with no intermediate buffer when nothing needs encoding (the usual case).
    static func appendQueryValue(_ value: String, to output: inout String) {
        var clean = true
        for byte in value.utf8 where !isQuerySafe(byte) { clean = false; break }
        guard !clean else { output += value; return }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count * 3)
        for byte in value.utf8 {
            if isQuerySafe(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            }
        }
        output += String(decoding: bytes, as: UTF8.self)
    }

    private static func isQuerySafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
            true
        default:
            false
        }
    }
}
