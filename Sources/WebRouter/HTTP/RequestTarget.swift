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
    var path: String
    var rawQuery: String?
    var segments: [String]
    var query: QueryItems

    /// `nil` when `strict` and an escape is malformed, or when the target is not a path.
    static func parse(_ target: String, strict: Bool) -> RequestTarget? {
        var pathPart = Substring(target)
        var rawQuery: Substring?
        if let question = target.utf8.firstIndex(of: UInt8(ascii: "?")) {
            pathPart = target[..<question]
            rawQuery = target[target.index(after: question)...]
        }
        // Absolute form ("http://host/path") is allowed by RFC 9112; keep only the path.
        if !pathPart.hasPrefix("/") {
            guard let schemeEnd = pathPart.range(of: "://") else {
                if strict { return nil }
                pathPart = "/" + pathPart
                return parse(String(pathPart) + (rawQuery.map { "?" + $0 } ?? ""), strict: strict)
            }
            let afterScheme = pathPart[schemeEnd.upperBound...]
            pathPart = afterScheme.firstIndex(of: "/").map { afterScheme[$0...] } ?? "/"
        }
        guard let segments = splitSegments(pathPart.utf8, strict: strict) else { return nil }
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
        return RequestTarget(path: String(pathPart), rawQuery: rawQuery.map(String.init), segments: segments, query: query)
    }

    static func splitSegments(_ path: Substring.UTF8View, strict: Bool) -> [String]? {
        // One scan, no array of pieces: the pieces between slashes, less an empty first one
        // (the leading slash) and an empty last one (a trailing slash).
        let slash = UInt8(ascii: "/")
        var slashes = 0
        for byte in path where byte == slash { slashes += 1 }
        var segments: [String] = []
        segments.reserveCapacity(slashes + 1)
        var pieceStart = path.startIndex
        var isFirst = true
        var lastAppendedIsEmpty = false
        while true {
            let pieceEnd = path[pieceStart...].firstIndex(of: slash) ?? path.endIndex
            let piece = path[pieceStart..<pieceEnd]
            if !(isFirst && piece.isEmpty) {
                guard let segment = PercentDecoding.decode(utf8: piece, plusAsSpace: false, lenient: !strict) else {
                    return nil
                }
                segments.append(segment)
                lastAppendedIsEmpty = piece.isEmpty
            }
            isFirst = false
            guard pieceEnd < path.endIndex else { break }
            pieceStart = path.index(after: pieceEnd)
        }
        if lastAppendedIsEmpty { segments.removeLast() }
        return segments
    }
}
