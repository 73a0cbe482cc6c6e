#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        var name = name
        return name.withUTF8 { wanted in
            var found: String?
            forEachPair(in: header) { pairName, value in
                // Lengths first, then one memcmp: `elementsEqual` stepped a generic iterator
                // over every byte of every name (about 5 % of a small page's CPU).
                guard pairName.count == wanted.count,
                      pairName.count == 0 || memcmp(pairName.baseAddress!, wanted.baseAddress!, pairName.count) == 0
                else { return true }
                found = String(decoding: value, as: UTF8.self)
                return false
            }
            return found
        }
    }

    public static func parse(_ header: String) -> [String: String] {
        // Sized for every pair up front: no rehash while a browser's few cookies go in.
        var pairs = 1
        for byte in header.utf8 where byte == 0x3B { pairs += 1 }
        var result = [String: String](minimumCapacity: min(pairs, 64))
        forEachPair(in: header) { name, value in
            let key = String(decoding: name, as: UTF8.self)
            if result[key] == nil { result[key] = String(decoding: value, as: UTF8.self) }
            return true
        }
        return result
    }

    /// Calls `body` with each `name=value` pair's bytes, in order, until it returns `false`:
    /// pairs split at `;`, name and value trimmed of spaces and tabs, one pair of double
    /// quotes taken off the value; pairs without `=` or with an empty name are skipped.
    /// It scans the header's contiguous bytes (a String.UTF8View index checks itself on
    /// every step).
    private static func forEachPair(
        in header: String, _ body: (_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) -> Bool
    ) {
        var header = header
        header.withUTF8 { bytes in
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != 0x3B { end += 1 }
                defer { start = end + 1 }
                var equals = start
                while equals < end && bytes[equals] != 0x3D { equals += 1 }
                guard equals < end else { continue }
                let (nameStart, nameEnd) = trimmed(bytes, start, equals)
                guard nameEnd > nameStart else { continue }
                var (valueStart, valueEnd) = trimmed(bytes, equals + 1, end)
                if valueEnd - valueStart >= 2, bytes[valueStart] == 0x22, bytes[valueEnd - 1] == 0x22 {
                    valueStart += 1
                    valueEnd -= 1
                }
                let name = UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd])
                let value = UnsafeBufferPointer(rebasing: bytes[valueStart..<valueEnd])
                if !body(name, value) { return }
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
}
