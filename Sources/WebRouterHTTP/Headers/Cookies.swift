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
enum Cookies {
    /// The value of the cookie `name` in a `Cookie` header, with the same rules as
    /// ``parse(_:)``: `Cookies.value(named: "theme", in: "a=1; theme=\"dark\"")` is `"dark"`.
    static func value(named name: String, in header: String) -> String? {
        var name = name
        return name.withUTF8 { wanted in
            var found: String?
            forEachPair(in: header) { pairName, value in
                guard same(pairName, wanted) else { return true }
                found = String(decoding: value, as: UTF8.self)
                return false
            }
            return found
        }
    }

    /// The values of three cookies, in one scan of the header (the first pair of each name
    /// wins, as in ``value(named:in:)``): a page reads its session, CSRF and tab cookies.
    static func values(named first: String, _ second: String, _ third: String, in header: String)
        -> (String?, String?, String?)
    {
        var first = first, second = second, third = third
        return first.withUTF8 { first in
            second.withUTF8 { second in
                third.withUTF8 { third in
                    var found: (String?, String?, String?) = (nil, nil, nil)
                    forEachPair(in: header) { name, value in
                        if found.0 == nil, same(name, first) { found.0 = String(decoding: value, as: UTF8.self) }
                        if found.1 == nil, same(name, second) { found.1 = String(decoding: value, as: UTF8.self) }
                        if found.2 == nil, same(name, third) { found.2 = String(decoding: value, as: UTF8.self) }
                        return found.0 == nil || found.1 == nil || found.2 == nil
                    }
                    return found
                }
            }
        }
    }

    /// Whether two byte runs are equal: lengths first, then one memcmp (`elementsEqual`
    /// stepped a generic iterator over every byte of every name: about 5 % of a small page).
    private static func same(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        a.count == b.count && (a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
    }

    /// Every cookie of a `Cookie` header, by name; the first value of a repeated name wins.
    static func parse(_ header: String) -> [String: String] {
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
            guard let base = bytes.baseAddress else { return }
            // memchr finds each `;` and `=` (a vectorised scan; a byte loop here was 2 % of a
            // small page's CPU).
            func find(_ byte: UInt8, from start: Int, to end: Int) -> Int {
                guard start < end, let found = memchr(base + start, Int32(byte), end - start) else { return end }
                return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            }
            var start = 0
            while start < bytes.count {
                let end = find(0x3B, from: start, to: bytes.count)
                defer { start = end + 1 }
                let equals = find(0x3D, from: start, to: end)
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
