/// A request as the transport read it, before any check: what the socket (or the test kit's
/// in-process transport) hands to ``RequestPipeline``.
///
/// ```swift
/// let incoming = IncomingRequest(method: "GET", target: "/feed?page=2", headers: ["Host": "example.com"])
/// let response = await pipeline.respond(to: incoming)
/// ```
package struct IncomingRequest: Sendable {
    /// The method token exactly as sent (`GET`, `BREW`, …).
    package var method: String
    /// The request target exactly as sent: path and query, still percent-encoded.
    package var target: String
    /// Whether the request line said `HTTP/1.1` (which requires one `Host`).
    package var isHTTP11: Bool
    /// The header fields in the order they came.
    package var headers: HTTPHeaders
    /// The body, complete; empty when it was too large, or what was kept of an oversized form
    /// (see ``oversizedFields``).
    package var body: [UInt8]
    /// Whether the body passed ``ServerConfiguration/maxBodySize`` (it was then dropped).
    package var bodyTooLarge: Bool
    /// For a form that passed the limit (``OversizedForm``): the fields whose content was
    /// dropped; the body holds the rest of the form. Empty otherwise.
    package var oversizedFields: [OversizedField]
    /// The body limit that applied to this request (the server's, or its route's larger one);
    /// `nil` is the server's ``ServerConfiguration/maxBodySize``.
    package var bodyLimit: Int?
    /// The client's numeric address, when the transport knows it.
    package var remoteAddress: String?
    /// When the request line arrived (the access log's duration starts here).
    package var start: ContinuousClock.Instant

    package init(
        method: String, target: String, isHTTP11: Bool = true, headers: HTTPHeaders, body: [UInt8] = [],
        bodyTooLarge: Bool = false, oversizedFields: [OversizedField] = [], bodyLimit: Int? = nil, remoteAddress: String? = nil,
        start: ContinuousClock.Instant = .now
    ) {
        self.bodyLimit = bodyLimit
        self.method = method
        self.target = target
        self.isHTTP11 = isHTTP11
        self.headers = headers
        self.body = body
        self.bodyTooLarge = bodyTooLarge
        self.oversizedFields = oversizedFields
        self.remoteAddress = remoteAddress
        self.start = start
    }
}
