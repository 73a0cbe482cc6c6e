/// Parses the request's `Cookie` header into names and values.
///
/// ```swift
/// Cookies.parse("session=abc; theme=\"dark\"")   // ["session": "abc", "theme": "dark"]
/// ```
/// When a name repeats, the first value wins (browsers send the most specific path first).
/// Pairs without `=` or with an empty name are skipped.
///
/// A handler that needs one or two cookies should ask for them by name
/// (``value(named:in:)``, or ``HTTPRequest/cookie(_:)``): that scans the header in place
/// and builds only the value asked for, where ``parse(_:)`` builds a dictionary of them all.
public enum Cookies {
    /// The value of the cookie `name` in a `Cookie` header, with the same rules as
    /// ``parse(_:)``: `Cookies.value(named: "theme", in: "a=1; theme=\"dark\"")` is `"dark"`.
    public static func value(named name: String, in header: String) -> String? {
        var name = name, header = header
        // Over the contiguous bytes: a String.UTF8View index checks itself on every step.
        return name.withUTF8 { wanted in
            header.withUTF8 { bytes -> String? in
                var start = 0
                while start < bytes.count {
                    var end = start
                    while end < bytes.count && bytes[end] != 0x3B { end += 1 }
                    defer { start = end + 1 }
                    var equals = start
                    while equals < end && bytes[equals] != 0x3D { equals += 1 }
                    guard equals < end else { continue }
                    let (nameStart, nameEnd) = trimmed(bytes, start, equals)
                    guard nameEnd > nameStart, nameEnd - nameStart == wanted.count,
                          UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd]).elementsEqual(wanted)
                    else { continue }
                    var (valueStart, valueEnd) = trimmed(bytes, equals + 1, end)
                    if valueEnd - valueStart >= 2, bytes[valueStart] == 0x22, bytes[valueEnd - 1] == 0x22 {
                        valueStart += 1
                        valueEnd -= 1
                    }
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[valueStart..<valueEnd]), as: UTF8.self)
                }
                return nil
            }
        }
    }

    /// `start..<end` without the spaces and tabs at either end.
    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (Int, Int) {
        var start = start, end = end
        while start < end && ASCII.isSpace(bytes[start]) { start += 1 }
        while end > start && ASCII.isSpace(bytes[end - 1]) { end -= 1 }
        return (start, end)
    }

    public static func parse(_ header: String) -> [String: String] {
        let utf8 = header.utf8
        // Sized for every pair up front: no rehash while a browser's few cookies go in.
        var pairs = 1
        for byte in utf8 where byte == 0x3B { pairs += 1 }
        var result = [String: String](minimumCapacity: min(pairs, 64))
        var start = utf8.startIndex
        // One pass over `name=value; name=value`, no intermediate array of pairs.
        while start < utf8.endIndex {
            let end = utf8[start...].firstIndex(of: 0x3B) ?? utf8.endIndex
            let pair = utf8[start..<end]
            start = end < utf8.endIndex ? utf8.index(after: end) : end
            guard let equals = pair.firstIndex(of: 0x3D) else { continue }
            let name = trimmed(pair[..<equals])
            var value = trimmed(pair[pair.index(after: equals)...])
            guard !name.isEmpty else { continue }
            if value.count >= 2, value.first == 0x22, value.last == 0x22 {
                value = value.dropFirst().dropLast()
            }
            let key = String(decoding: name, as: UTF8.self)
            if result[key] == nil {
                result[key] = String(decoding: value, as: UTF8.self)
            }
        }
        return result
    }

    private static func trimmed(_ bytes: Substring.UTF8View) -> Substring.UTF8View {
        var slice = bytes
        while let first = slice.first, ASCII.isSpace(first) { slice = slice.dropFirst() }
        while let last = slice.last, ASCII.isSpace(last) { slice = slice.dropLast() }
        return slice
    }
}
