/// The one compression step of the response path: every response the server sends passes
/// through ``compressed(_:acceptEncoding:)`` just before libmicrohttpd gets it (pages, static
/// files, error pages alike).
///
/// A response whose type compresses well (HTML, CSS, JavaScript, SVG, JSON) always gets
/// `Vary: Accept-Encoding`; it is gzipped when the request accepts gzip, it would not fit one
/// TCP segment as it is (``fitsOneSegment(bodyCount:headers:)``) and it is not encoded already.
/// A strong `ETag` gets `-gz`
/// inside its quotes, so variants never share a validator. Static files are compressed once
/// per file (brotli or gzip), with `Content-Encoding` set there; this step then
/// only adds `Vary`.
/// ```swift
/// let sent = ResponseCompression.compressed(.html(page), for: request)
/// sent.headers["Content-Encoding"]   // "gzip" for `Accept-Encoding: gzip, br` and a page of 2 KB
/// ```
enum ResponseCompression {
    /// The payload bytes of one TCP segment: MSS 1,460 on a 1,500-byte MTU, less the 12-byte
    /// timestamp option Linux sends.
    static let segmentPayload = 1448
    /// What the sent head holds besides the fields the response has here: the status line,
    /// `Date`, `Content-Length` and the blank line (libmicrohttpd's, 79 bytes for a page), and
    /// the request id the pipeline adds after this step.
    static let framingBytes = 128

    /// Whether a response of `bodyCount` bytes with `headers` goes out in one TCP segment as it
    /// is. Then compressing it saves no packet and no round trip, only a few hundred bytes,
    /// for the compressor's fixed cost (libdeflate's table reset and code set-up, about 6 µs
    /// a call here), so it is sent as it is (issue 47, BENCHMARKS.md "Compression: when it
    /// pays"). Above it every page is compressed: on a phone each kilobyte saved is about
    /// 5 ms at 1.6 Mbit/s, for about 1.3 µs of CPU.
    static func fitsOneSegment(bodyCount: Int, headers: HTTPHeaders) -> Bool {
        var bytes = bodyCount + framingBytes
        for field in headers {
            bytes += field.name.utf8.count + field.value.utf8.count + 4  // ": " and CRLF
            if bytes > segmentPayload { return false }
        }
        return bytes <= segmentPayload
    }
    /// The codings used for bodies compressed as they are sent: gzip only. Brotli's one-shot
    /// encoder sets up its state on every call, which cost two to three times gzip's time
    /// per page here for 10 % fewer bytes; brotli is kept for bytes compressed once.
    static let perResponseCodings: [ContentCoding] = [.gzip]

    /// `response` as the request should get it: compressed when it may be, with `Vary`.
    static func compressed(_ response: consuming HTTPResponse, for request: HTTPRequest) -> HTTPResponse {
        compressed(response, acceptEncoding: request.headers["Accept-Encoding"])
    }

    /// `response` for a request whose `Accept-Encoding` is `acceptEncoding`.
    /// The header is read only for a response whose type compresses.
    /// Takes the response by value (`consuming`): adding `Vary` then edits the caller's only
    /// copy of the header list in place instead of copying it.
    static func compressed(_ response: consuming HTTPResponse, acceptEncoding: @autoclosure () -> String?) -> HTTPResponse {
        guard let type = response.headers["Content-Type"], isCompressible(contentType: type) else { return response }
        addVary(to: &response.headers)
        guard !response.headers.contains("Content-Encoding"), response.status.code != 206,
            let body = response.payload, !fitsOneSegment(bodyCount: body.count, headers: response.headers),
            let coding = AcceptEncoding.preferred(in: acceptEncoding(), among: perResponseCodings),
            let encoded = body.withUnsafeBytes({ coding.compressedBody($0) }), encoded.count < body.count
        else { return response }
        response.payload = encoded
        response.headers.set(name: "Content-Encoding", value: coding.token)
        if let etag = response.headers["ETag"] {
            response.headers.set(name: "ETag", value: coding.etag(for: etag))
        }
        return response
    }

    /// Whether bodies of this `Content-Type` are worth compressing: text, JavaScript, SVG,
    /// JSON and XML (images, fonts and archives are compressed already).
    static func isCompressible(contentType: String) -> Bool {
        // Read in place (every page asks): the media type is the list's one member.
        var contentType = contentType
        return contentType.withUTF8 { bytes in
            let list = HeaderList(bytes)
            var compressible = false
            list.forEachMember { type, _ in
                compressible = compressible || compressibleTypes.contains { list.matches(type, $0) }
                    || list.hasSuffix(type, "+json") || list.hasSuffix(type, "+xml")
            }
            return compressible
        }
    }

    /// Text, JavaScript, SVG, JSON and XML.
    private static let compressibleTypes: [StaticString] = [
        "text/html", "text/css", "text/javascript", "text/plain", "application/javascript", "image/svg+xml",
        "application/json", "application/xml", "text/xml", "application/manifest+json",
    ]

    /// Adds `Accept-Encoding` to the response's `Vary` unless it is there (or `Vary: *`).
    static func addVary(to headers: inout HTTPHeaders) {
        headers.addVary("Accept-Encoding")
    }
}
