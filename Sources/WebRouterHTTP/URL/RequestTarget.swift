/// Splits a raw request target (`/a/b%2Fc?x=1`) into path, query and decoded path segments.
///
/// The path is split on `/` first and each segment percent-decoded after, so `%2F` stays
/// inside one segment. A leading `/` gives no empty first segment, `/` gives `[]`, and a
/// trailing slash is dropped.
/// ```swift
/// let target = RequestTarget.parse("/feed/a%2Fb/?q=1", strict: true)
/// target?.segments   // ["feed", "a/b"]
/// target?.rawQuery   // "q=1"
/// ```
struct RequestTarget {
    /// The target as sent (path and query), when the parts below were read from it.
    var raw: String?
    var path: String
    var rawQuery: String?
    var segments: [String]
    var query: QueryItems

    /// `nil` when `strict` and an escape is malformed, or when the target is not a path.
    static func parse(_ target: String, strict: Bool) -> RequestTarget? {
        var pathPart = Substring(target)
        var rawQuery: Substring?
        if let question = firstQuestionMark(in: target) {
            pathPart = target[..<question]
            rawQuery = target[target.index(after: question)...]
        }
        // Absolute form ("http://host/path") is allowed by RFC 9112; keep only the path.
        if pathPart.utf8.first != UInt8(ascii: "/") {
            guard let schemeEnd = pathPart.range(of: "://") else {
                if strict { return nil }
                pathPart = "/" + pathPart
                return parse(String(pathPart) + (rawQuery.map { "?" + $0 } ?? ""), strict: strict)
            }
            let afterScheme = pathPart[schemeEnd.upperBound...]
            pathPart = afterScheme.firstIndex(of: "/").map { afterScheme[$0...] } ?? "/"
        }
        guard let segments = PathSegments.split(pathPart.utf8, lenientEscapes: !strict, repairsInvalidUTF8: true) else {
            return nil
        }
        let query: QueryItems
        if let rawQuery {
            if strict {
                guard let parsed = QueryItems.strict(rawQuery) else { return nil }
                query = parsed
            } else {
                query = QueryItems(parsing: rawQuery)
            }
        } else {
            query = QueryItems()
        }
        return RequestTarget(
            raw: target, path: String(pathPart), rawQuery: rawQuery.map(String.init), segments: segments, query: query)
    }

    /// Where the query starts: a scan of the target's bytes in place (the generic
    /// `firstIndex(of:)` over a string's UTF-8 view took several times as long on every request).
    private static func firstQuestionMark(in target: String) -> String.Index? {
        let utf8 = target.utf8
        let offset: Int?? = utf8.withContiguousStorageIfAvailable { bytes in
            bytes.firstIndex(of: UInt8(ascii: "?"))
        }
        guard let found = offset else { return utf8.firstIndex(of: UInt8(ascii: "?")) }
        return found.map { utf8.index(utf8.startIndex, offsetBy: $0) }
    }
}
