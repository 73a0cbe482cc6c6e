/// Splits a raw URL path into percent-decoded segments: split on `/` first, then decode
/// each, so `%2F` stays inside its segment. The one splitter behind the server's requests
/// (``RequestTarget``) and the route table's `parse(path:)`; they differ only in what they
/// forgive.
///
/// A leading `/` gives no empty first segment, `/` gives `[]`, a trailing slash is dropped,
/// and slashes in between make empty segments (which no route matches).
/// ```swift
/// PathSegments.split("/feed/a%2Fb/")                                  // ["feed", "a/b"]
/// PathSegments.split("/x/%FF")                                        // nil
/// PathSegments.split("/x/%FF"[...].utf8, lenientEscapes: false,
///                    repairsInvalidUTF8: true)                        // ["x", "\u{FFFD}"]
/// ```
package enum PathSegments {
    /// The route table's splitting: the piece before the first `/` is dropped, and a bad
    /// escape or invalid UTF-8 gives `nil`.
    package static func split(_ path: String) -> [String]? {
        guard let slash = path.utf8.firstIndex(of: UInt8(ascii: "/")) else { return [] }
        return split(path[slash...].utf8, lenientEscapes: false, repairsInvalidUTF8: false)
    }

    /// Splits `path`, then decodes each piece; `nil` when a piece does not decode. A malformed
    /// escape stays literally when `lenientEscapes`; invalid UTF-8 becomes U+FFFD when
    /// `repairsInvalidUTF8`.
    static func split(_ path: Substring.UTF8View, lenientEscapes: Bool, repairsInvalidUTF8: Bool) -> [String]? {
        if let segments = path.withContiguousStorageIfAvailable({
            split(bytes: $0, lenientEscapes: lenientEscapes, repairsInvalidUTF8: repairsInvalidUTF8)
        }) {
            return segments
        }
        return Array(path).withUnsafeBufferPointer {
            split(bytes: $0, lenientEscapes: lenientEscapes, repairsInvalidUTF8: repairsInvalidUTF8)
        }
    }

    /// One scan over the bytes, no array of pieces.
    private static func split(bytes: UnsafeBufferPointer<UInt8>, lenientEscapes: Bool, repairsInvalidUTF8: Bool) -> [String]? {
        let slash = UInt8(ascii: "/")
        var slashes = 0
        for byte in bytes where byte == slash { slashes += 1 }
        var segments: [String] = []
        segments.reserveCapacity(slashes + 1)
        var start = 0
        var lastIsEmpty = false
        while true {
            var end = start
            while end < bytes.count && bytes[end] != slash { end += 1 }
            // An empty first piece is the leading slash, not a segment.
            if end > 0 {
                guard let segment = PercentDecoding.decode(
                    utf8: UnsafeBufferPointer(rebasing: bytes[start..<end]), plusAsSpace: false,
                    lenient: lenientEscapes, repairsInvalidUTF8: repairsInvalidUTF8)
                else { return nil }
                segments.append(segment)
                lastIsEmpty = start == end
            }
            guard end < bytes.count else { break }
            start = end + 1
        }
        if lastIsEmpty { segments.removeLast() }
        return segments
    }
}
