/// Splits a raw URL path into percent-decoded segments: split on `/` first, then decode
/// each, so `%2F` stays inside its segment. Returns `nil` for bad percent-encoding or
/// invalid UTF-8.
enum PathSegments {
    static func split(_ path: String) -> [String]? {
        // One scan over the bytes (the piece before the first `/` is dropped); `split` on a
        // UTF-8 view allocated an array of pieces first and took longer than the parse.
        let utf8 = path.utf8
        let slash = UInt8(ascii: "/")
        var count = 0
        for byte in utf8 where byte == slash { count += 1 }
        var segments: [String] = []
        segments.reserveCapacity(count)
        guard var start = utf8.firstIndex(of: slash).map(utf8.index(after:)) else { return [] }
        while true {
            let end = utf8[start...].firstIndex(of: slash) ?? utf8.endIndex
            guard let decoded = decode(utf8[start..<end]) else { return nil }
            segments.append(decoded)
            guard end < utf8.endIndex else { break }
            start = utf8.index(after: end)
        }
        if segments.last == "" { segments.removeLast() }
        return segments
    }

    static func decode(_ raw: Substring.UTF8View.SubSequence) -> String? {
        guard raw.contains(UInt8(ascii: "%")) else { return String(Substring(raw)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var iterator = raw.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
