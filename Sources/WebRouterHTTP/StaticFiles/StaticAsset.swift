/// Bytes served as a static file, prepared once: a strong `ETag`, `Last-Modified`, and for
/// types that compress well a brotli and a gzip variant (compressed here, once, at the
/// libraries' best levels, each with its own `ETag` ending in `-br` or `-gz`).
/// ``response(method:headers:cacheControl:)`` answers a GET or HEAD for it with RFC 9110's
/// conditional requests (§13.2.2 order: `If-Match`, `If-Unmodified-Since`, `If-None-Match`,
/// `If-Modified-Since`) against the chosen variant, content negotiation and `nosniff`.
///
/// ```swift
/// let asset = StaticAsset(bytes: Array(css.utf8), contentType: "text/css; charset=utf-8", lastModified: 0)
/// let response = asset.response(method: .get, headers: request.headers, cacheControl: "public, max-age=3600")
/// ```
package final class StaticAsset: Sendable {
    /// One encoded form of the bytes.
    struct Variant: Sendable {
        let coding: ContentCoding
        /// The encoded bytes, in the one body every response of this variant sends.
        let body: ResponseBody
        let etag: String
    }

    let contentType: String
    /// Seconds since 1970 (whole seconds, as `Last-Modified` carries them).
    let lastModifiedSeconds: Int
    let lastModified: String
    let etag: String
    /// A 64-bit FNV-1a hash of the bytes (the ETag's and content-hashed URLs' source).
    package let contentHash: UInt64
    /// The encoded variants that came out smaller, in order of preference.
    let variants: [Variant]

    /// The body every response of the identity encoding sends (made once, shared).
    private let body: ResponseBody

    /// The bytes held, variants included.
    var memorySize: Int { body.count + variants.reduce(0) { $0 + $1.body.count } }

    /// - Parameter compresses: whether to make the encoded variants (expensive at the best
    ///   levels: only for bytes that are kept and served many times).
    package init(bytes: [UInt8], contentType: String, lastModified seconds: Int, compresses: Bool = true) {
        self.body = ResponseBody(bytes)
        self.contentType = contentType
        self.lastModifiedSeconds = seconds
        self.lastModified = HTTPDate.format(seconds)
        // FNV-1a over the content: a strong validator that changes with the bytes.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        self.contentHash = hash
        let etag = "\"\(String(bytes.count, radix: 16))-\(String(hash, radix: 16))\""
        self.etag = etag
        if compresses, ResponseCompression.isCompressible(contentType: contentType), bytes.count >= 256 {
            variants = ContentCoding.allCases.compactMap { coding in
                guard let encoded = coding.compressOnce(bytes), encoded.count < bytes.count else { return nil }
                return Variant(coding: coding, body: ResponseBody(encoded), etag: coding.etag(for: etag))
            }
        } else {
            variants = []
        }
    }

    /// The answer to a `GET` or `HEAD` with these request headers.
    package func response(method: HTTPMethod, headers: HTTPHeaders, cacheControl: String) -> HTTPResponse {
        let compressible = ResponseCompression.isCompressible(contentType: contentType)
        let chosen = variants.isEmpty ? nil
            : AcceptEncoding.preferred(in: headers["Accept-Encoding"], among: variants.map(\.coding))
                .flatMap { coding in variants.first { $0.coding == coding } }
        let selectedETag = chosen?.etag ?? etag
        var response = HTTPResponse(status: .ok)
        switch Self.failedPrecondition(etag: selectedETag, lastModified: lastModifiedSeconds, headers: headers) {
        case .preconditionFailed?:
            var refused = ErrorPage.response(
                .preconditionFailed, detail: "The file has changed since the version your request names.")
            refused.headers.add(name: "X-Content-Type-Options", value: "nosniff")
            return refused
        case .notModified?:
            response.status = .notModified
        default:
            break
        }
        response.headers.add(name: "X-Content-Type-Options", value: "nosniff")
        response.headers.add(name: "ETag", value: selectedETag)
        response.headers.add(name: "Last-Modified", value: lastModified)
        response.headers.add(name: "Cache-Control", value: cacheControl)
        if compressible { response.headers.add(name: "Vary", value: "Accept-Encoding") }
        if response.status == .notModified { return response }
        response.headers.add(name: "Content-Type", value: contentType)
        if let chosen {
            response.headers.add(name: "Content-Encoding", value: chosen.coding.token)
            response.payload = chosen.body
        } else {
            response.payload = body.count == 0 ? nil : body
        }
        return response
    }

    /// What a request of `method` to a static file gets when it is not `GET` or `HEAD`:
    /// `204` with `Allow` for `OPTIONS`, a `405` or `501` error to render; `nil` when allowed.
    package static func methodRefusal(_ method: HTTPMethod) -> Result<HTTPResponse, HTTPError>? {
        AllowedMethods.readOnly.refusal(for: method, notAllowed: "Static files answer GET and HEAD.")
    }

    /// `412` when `If-Match` or `If-Unmodified-Since` fails, `304` when `If-None-Match` or
    /// `If-Modified-Since` says the client's copy is current, `nil` to send the file.
    static func failedPrecondition(etag: String, lastModified: Int, headers: HTTPHeaders) -> HTTPStatus? {
        if let ifMatch = headers["If-Match"] {
            // Strong comparison (RFC 9110 §13.1.1): a weak tag never matches.
            let tags = entityTags(ifMatch)
            if !tags.contains("*") && !tags.contains(where: { $0 == etag }) { return .preconditionFailed }
        } else if let since = headers["If-Unmodified-Since"], let date = HTTPDate.parse(since) {
            if lastModified > date { return .preconditionFailed }
        }
        if let ifNoneMatch = headers["If-None-Match"] {
            // Weak comparison (§13.1.2).
            let matches = entityTags(ifNoneMatch).contains { tag in
                tag == "*" || tag == etag || (tag.hasPrefix("W/") && tag.dropFirst(2) == etag)
            }
            return matches ? .notModified : nil
        }
        if let since = headers["If-Modified-Since"], let date = HTTPDate.parse(since), lastModified <= date {
            return .notModified
        }
        return nil
    }

    /// The comma-separated entity tags of a header, trimmed.
    private static func entityTags(_ value: String) -> [Substring] {
        value.split(separator: ",").map { candidate in
            var tag = candidate.drop { $0 == " " || $0 == "\t" }
            while let last = tag.last, last == " " || last == "\t" { tag = tag.dropLast() }
            return tag
        }
    }
}
