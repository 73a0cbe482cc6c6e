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
package enum ContentNegotiation {
    /// The media type of the JSON representation of a page.
    package static let jsonContentType = "application/json; charset=utf-8"

    /// Whether `accept` gives `application/json` a higher q-value than `text/html`.
    ///
    /// Every HTML page asks this with the browser's header, so it is one pass over the bytes
    /// with no allocation (a version built on `split` cost a tenth of a debug page).
    package static func prefersJSON(_ accept: String?) -> Bool {
        guard var accept, !accept.isEmpty else { return false }
        return accept.withUTF8(prefersJSON(bytes:))
    }

    /// ``prefersJSON(_:)`` over the header's bytes.
    static func prefersJSON(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // A browser's navigation lists `text/html` first, without parameters: HTML then has
        // q=1 at the most specific match, which JSON cannot beat, so the rest (Chromium's is
        // 135 bytes) need not be read.
        if startsWithBareHTML(bytes) { return false }
        // Specificity of the best match so far: 0 none, 1 `*/*`, 2 `type/*`, 3 `type/subtype`.
        var html = (specificity: 0, quality: 0.0)
        var json = (specificity: 0, quality: 0.0)
        let list = HeaderList(bytes)
        list.forEachMember { range, quality in
            var slash = range.lowerBound
            while slash < range.upperBound && bytes[slash] != UInt8(ascii: "/") { slash += 1 }
            guard slash < range.upperBound else { return }
            let type = range.lowerBound..<slash, subtype = (slash + 1)..<range.upperBound
            let anyType = list.matches(type, "*"), anySubtype = list.matches(subtype, "*")
            let htmlMatch = anyType && anySubtype ? 1
                : list.matches(type, "text") ? (anySubtype ? 2 : list.matches(subtype, "html") ? 3 : 0) : 0
            let jsonMatch = anyType && anySubtype ? 1
                : list.matches(type, "application") ? (anySubtype ? 2 : list.matches(subtype, "json") ? 3 : 0) : 0
            if htmlMatch > html.specificity { html = (htmlMatch, quality) }
            if jsonMatch > json.specificity { json = (jsonMatch, quality) }
        }
        return json.quality > html.quality
    }

    /// Whether the list's first member is `text/html` with no parameters (any case).
    private static func startsWithBareHTML(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let html: StaticString = "text/html"
        let count = html.utf8CodeUnitCount
        guard bytes.count >= count, bytes.count == count || bytes[count] == UInt8(ascii: ",") else { return false }
        return HeaderList(bytes).matches(0..<count, html)
    }
}
