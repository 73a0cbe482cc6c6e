/// A content coding the server can send (RFC 9110 §8.4.1): brotli or gzip.
///
/// ```swift
/// let coding = AcceptEncoding.preferred(in: "gzip, br", among: ContentCoding.allCases)   // .brotli
/// coding?.token                                                      // "br"
/// coding?.etag(for: "\"abc\"")                                        // "\"abc-br\""
/// ```
enum ContentCoding: CaseIterable, Sendable {
    /// In order of preference when a client accepts both equally.
    case brotli, gzip

    /// The name in `Accept-Encoding` and `Content-Encoding`.
    var token: String {
        switch self {
        case .brotli: "br"
        case .gzip: "gzip"
        }
    }

    /// The `ETag` of this variant: the tag with `-br` or `-gz` inside its quotes, so the
    /// variants never share a validator (`W/"abc"` → `W/"abc-gz"`).
    func etag(for etag: String) -> String {
        guard etag.hasSuffix("\"") else { return etag }
        return String(etag.dropLast()) + (self == .brotli ? "-br\"" : "-gz\"")
    }

    /// `bytes` in this coding as a response body of its own, compressed as a response is
    /// sent (pages); `nil` when the library fails.
    func compressedBody(_ bytes: UnsafeRawBufferPointer) -> ResponseBody? {
        switch self {
        case .brotli: Brotli.compress(bytes).map { ResponseBody($0) }
        case .gzip: Gzip.compressedBody(bytes)
        }
    }

    /// `bytes` in this coding at the library's best level: for bytes compressed once and kept.
    func compressOnce(_ bytes: [UInt8]) -> [UInt8]? {
        switch self {
        case .brotli: Brotli.compress(bytes, quality: Brotli.bestQuality)
        case .gzip: Gzip.compress(bytes, level: Gzip.bestLevel)
        }
    }
}
