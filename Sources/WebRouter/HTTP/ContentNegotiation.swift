/// Reads a request's `Accept` (RFC 9110 §12.5.1) to choose between a page's two
/// representations: its HTML and its ``PageState`` as JSON.
///
/// Each media type gets the q-value of the most specific range that matches it
/// (`application/json` over `application/*` over `*/*`); JSON is chosen only when it gets a
/// higher one than `text/html`, so a browser's `text/html,…,*/*;q=0.8`, a bare `*/*`, no
/// header at all and `application/json;q=0` all get HTML.
/// ```swift
/// ContentNegotiation.prefersJSON("application/json")                        // true
/// ContentNegotiation.prefersJSON("text/html,application/xhtml+xml,*/*;q=0.8") // false
/// ContentNegotiation.prefersJSON("text/html;q=0.5, application/json")       // true
/// ContentNegotiation.prefersJSON("*/*")                                     // false
/// ```
enum ContentNegotiation {
    /// The media type of the JSON representation of a page.
    static let jsonContentType = "application/json; charset=utf-8"

    /// Whether `accept` gives `application/json` a higher q-value than `text/html`.
    static func prefersJSON(_ accept: String?) -> Bool {
        guard let accept, !accept.isEmpty else { return false }
        // Specificity: 0 none, 1 `*/*`, 2 `type/*`, 3 `type/subtype`.
        var html = (specificity: 0, quality: 0.0)
        var json = (specificity: 0, quality: 0.0)
        for member in accept.utf8.split(separator: UInt8(ascii: ",")) {
            let parts = member.split(separator: UInt8(ascii: ";"))
            guard let range = parts.first.map(trimmed), let slash = range.firstIndex(of: UInt8(ascii: "/")) else { continue }
            let type = range[..<slash]
            let subtype = range[range.index(after: slash)...]
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: UInt8(ascii: "="), maxSplits: 1)
                guard pair.count == 2, equals(trimmed(pair[0]), "q") else { continue }
                quality = AcceptEncoding.qValue(Substring(trimmed(pair[1])))
            }
            let isAny = equals(type, "*") && equals(subtype, "*")
            if isAny || (equals(type, "text") && (equals(subtype, "*") || equals(subtype, "html"))) {
                let specificity = isAny ? 1 : equals(subtype, "*") ? 2 : 3
                if specificity > html.specificity { html = (specificity, quality) }
            }
            if isAny || (equals(type, "application") && (equals(subtype, "*") || equals(subtype, "json"))) {
                let specificity = isAny ? 1 : equals(subtype, "*") ? 2 : 3
                if specificity > json.specificity { json = (specificity, quality) }
            }
        }
        return json.quality > html.quality
    }

    private static func trimmed<Bytes: BidirectionalCollection>(_ bytes: Bytes) -> Bytes.SubSequence where Bytes.Element == UInt8 {
        var slice = bytes[...]
        while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
        return slice
    }

    /// ASCII case-insensitive comparison of header bytes with a lowercase token.
    private static func equals<Bytes: Collection>(_ bytes: Bytes, _ token: StaticString) -> Bool where Bytes.Element == UInt8 {
        guard bytes.count == token.utf8CodeUnitCount else { return false }
        return token.withUTF8Buffer { expected in
            zip(bytes, expected).allSatisfy { ASCII.lower($0) == $1 }
        }
    }
}
