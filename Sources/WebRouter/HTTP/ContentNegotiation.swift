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
    ///
    /// Every HTML page asks this with the browser's header, so it is one pass over the bytes
    /// with no allocation (a version built on `split` cost a tenth of a debug page).
    static func prefersJSON(_ accept: String?) -> Bool {
        guard var accept, !accept.isEmpty else { return false }
        return accept.withUTF8(prefersJSON(bytes:))
    }

    /// ``prefersJSON(_:)`` over the header's bytes.
    static func prefersJSON(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Specificity of the best match so far: 0 none, 1 `*/*`, 2 `type/*`, 3 `type/subtype`.
        var html = (specificity: 0, quality: 0.0)
        var json = (specificity: 0, quality: 0.0)
        let count = bytes.count
        var start = 0
        while start < count {
            var end = start
            while end < count && bytes[end] != comma { end += 1 }
            defer { start = end + 1 }
            // The media range: up to the first `;`, trimmed.
            var rangeStart = start
            while rangeStart < end && isSpace(bytes[rangeStart]) { rangeStart += 1 }
            var parameters = rangeStart
            while parameters < end && bytes[parameters] != semicolon { parameters += 1 }
            var rangeEnd = parameters
            while rangeEnd > rangeStart && isSpace(bytes[rangeEnd - 1]) { rangeEnd -= 1 }
            var slash = rangeStart
            while slash < rangeEnd && bytes[slash] != UInt8(ascii: "/") { slash += 1 }
            guard slash < rangeEnd else { continue }
            let type = rangeStart..<slash, subtype = (slash + 1)..<rangeEnd
            let anyType = matches(bytes, type, "*"), anySubtype = matches(bytes, subtype, "*")
            let htmlMatch = anyType && anySubtype ? 1
                : matches(bytes, type, "text") ? (anySubtype ? 2 : matches(bytes, subtype, "html") ? 3 : 0) : 0
            let jsonMatch = anyType && anySubtype ? 1
                : matches(bytes, type, "application") ? (anySubtype ? 2 : matches(bytes, subtype, "json") ? 3 : 0) : 0
            guard htmlMatch > html.specificity || jsonMatch > json.specificity else { continue }
            let quality = self.quality(bytes, parameters..<end)
            if htmlMatch > html.specificity { html = (htmlMatch, quality) }
            if jsonMatch > json.specificity { json = (jsonMatch, quality) }
        }
        return json.quality > html.quality
    }

    private static let comma = UInt8(ascii: ","), semicolon = UInt8(ascii: ";")

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// The `q` parameter among `;name=value` parameters: 1 when absent, 0 when malformed.
    private static func quality(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double {
        var index = range.lowerBound
        var quality = 1.0
        while index < range.upperBound {
            // At a `;`: the name, `=`, the value up to the next `;`.
            index += 1
            var nameStart = index
            while nameStart < range.upperBound && isSpace(bytes[nameStart]) { nameStart += 1 }
            var next = nameStart
            while next < range.upperBound && bytes[next] != semicolon { next += 1 }
            var equals = nameStart
            while equals < next && bytes[equals] != UInt8(ascii: "=") { equals += 1 }
            var nameEnd = equals
            while nameEnd > nameStart && isSpace(bytes[nameEnd - 1]) { nameEnd -= 1 }
            if equals < next, matches(bytes, nameStart..<nameEnd, "q") {
                var valueStart = equals + 1, valueEnd = next
                while valueStart < valueEnd && isSpace(bytes[valueStart]) { valueStart += 1 }
                while valueEnd > valueStart && isSpace(bytes[valueEnd - 1]) { valueEnd -= 1 }
                quality = qValue(bytes, valueStart..<valueEnd)
            }
            index = next
        }
        return quality
    }

    /// A q-value (`0`, `0.5`, `1.000`: RFC 9110 §12.4.2) as a number; malformed counts as 0.
    private static func qValue(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double {
        guard range.count >= 1, range.count <= 5 else { return 0 }
        let first = bytes[range.lowerBound]
        guard first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return 0 }
        var value = Double(first - UInt8(ascii: "0"))
        guard range.count > 1 else { return value }
        guard bytes[range.lowerBound + 1] == UInt8(ascii: ".") else { return 0 }
        var scale = 0.1
        for index in (range.lowerBound + 2)..<range.upperBound {
            let digit = bytes[index]
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return 0 }
            value += Double(digit - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return value <= 1 ? value : 0
    }

    /// Whether `bytes[range]` is `token` (lowercase), ignoring ASCII case.
    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ token: StaticString) -> Bool {
        guard range.count == token.utf8CodeUnitCount else { return false }
        let expected = token.utf8Start
        for offset in 0..<range.count where ASCII.lower(bytes[range.lowerBound + offset]) != expected[offset] {
            return false
        }
        return true
    }
}
