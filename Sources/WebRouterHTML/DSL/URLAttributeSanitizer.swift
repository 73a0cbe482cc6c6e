/// Refuses URLs that would run script or smuggle a document when placed in `href`, `src`,
/// `action` or `formaction`.
///
/// It finds the scheme the way a browser does (leading/trailing whitespace and control
/// characters trimmed, tabs and newlines anywhere ignored, case-insensitive) and replaces a
/// `javascript:`, `vbscript:` or `data:` URL by `#blocked`; `data:image/` stays allowed where
/// `allowImageData` is set (for `src`).
/// ```swift
/// URLAttributeSanitizer.sanitize(" JaVa\tScRiPt:alert(1)", allowImageData: false) // "#blocked"
/// URLAttributeSanitizer.sanitize("/feed/match/12", allowImageData: false)         // unchanged
/// ```
package enum URLAttributeSanitizer {
    /// The replacement for a refused URL.
    static let blocked = "#blocked"

    package static func sanitize(_ url: String, allowImageData: Bool) -> String {
        // Nearly every URL a page links to is a path, a query or a fragment: with no way to
        // hold a scheme, it is settled by its first byte.
        switch url.utf8.first {
        case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), nil: return url
        default: return refuses(url, allowImageData: allowImageData) ? blocked : url
        }
    }

    /// Whether `url` has a refused scheme.
    private static func refuses(_ url: String, allowImageData: Bool) -> Bool {
        // Up to the first ':' look at scheme characters only; anything else means a relative URL.
        var scheme: [UInt8] = []
        var afterScheme: String.Index?
        var started = false
        let utf8 = url.utf8
        var index = utf8.startIndex
        scan: while index != utf8.endIndex {
            let byte = utf8[index]
            switch byte {
            case 0x09, 0x0A, 0x0D:
                break // Browsers remove ASCII tabs and newlines anywhere in a URL.
            case 0x00...0x20 where !started:
                break // Leading C0 controls and spaces are trimmed.
            case UInt8(ascii: ":"):
                afterScheme = utf8.index(after: index)
                break scan
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                started = true
                scheme.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                started = true
                scheme.append(byte | 0x20)
            default:
                return false // No scheme: a relative URL, a fragment or a query.
            }
            if scheme.count > 16 { return false } // Longer than any refused scheme.
            index = utf8.index(after: index)
        }
        guard let rest = afterScheme else { return false }
        switch scheme {
        case Array("javascript".utf8), Array("vbscript".utf8):
            return true
        case Array("data".utf8):
            return !(allowImageData && restStartsWithImage(String(url.utf8[rest...]) ?? ""))
        default:
            return false
        }
    }

    /// Whether `rest` starts with `image/`, ignoring tabs, newlines and leading spaces and case.
    private static func restStartsWithImage(_ rest: String) -> Bool {
        let wanted = Array("image/".utf8)
        var matched = 0
        var started = false
        for byte in rest.utf8 {
            if byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
            if !started && byte <= 0x20 { continue }
            started = true
            let lower = (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte
            if lower != wanted[matched] { return false }
            matched += 1
            if matched == wanted.count { return true }
        }
        return false
    }
}
