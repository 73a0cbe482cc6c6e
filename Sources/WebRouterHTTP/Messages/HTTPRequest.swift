package import Tracing
/// One HTTP request as a handler sees it: method, raw path, decoded segments, query,
/// headers, cookies and the whole body.
///
/// The server builds it from the wire; tests build it directly:
/// ```swift
/// let request = HTTPRequest(method: .get, path: "/feed/match/12?tab=stats",
///                           headers: ["Cookie": "session=abc"])
/// request.pathSegments      // ["feed", "match", "12"]
/// request.query["tab"]      // "stats"
/// request.cookie("session")  // "abc"
/// ```
public struct HTTPRequest: Sendable {
    // The fields live in one reference-counted box, copied on the first change of a shared
    // copy: a request is handed along the pipeline, into its context and to the response's
    // headers, and each copy of a dozen fields was a dozen retains (and releases), several
    // times per request. Now a copy is one retain.
    private var storage: HTTPRequestStorage

    /// The box, unshared first when a copy shares it: the one way to change a field.
    private var unique: HTTPRequestStorage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }

    /// The request method (`GET`, `POST`, …).
    public var method: HTTPMethod {
        get { storage.method }
        set { unique.method = newValue }
    }
    /// The path exactly as sent (still percent-encoded), without the query.
    ///
    /// The target's parts (`path`, `pathSegments`, `query`, `rawQuery`) are read from one
    /// target and cannot be changed apart, so they always agree: for another target, make
    /// another request.
    public var path: String { storage.path }
    /// The path split on `/` first, then each segment percent-decoded (so `%2F` stays inside
    /// one segment). `/` gives `[]`; a trailing slash is dropped.
    public var pathSegments: [String] { storage.pathSegments }
    /// The query items, parsed and percent-decoded, in order.
    public var query: QueryItems { storage.query }
    /// The query string as sent, without `?`; `nil` when the target had no `?`.
    public var rawQuery: String? { storage.rawQuery }
    /// The request target as sent (`/feed/match/12?tab=stats`), which the other target fields
    /// were parsed from; `nil` when they were given apart. The application remembers what a
    /// target routes to under this key.
    package var targetKey: String? { storage.targetKey }
    /// The request headers, in the order they were sent.
    public var headers: HTTPHeaders {
        get { storage.headers }
        set {
            let box = unique
            box.headers = newValue
            box.cookieHeader = newValue["Cookie"]
        }
    }
    /// The `Cookie` header, found once: a page reads three cookies, and each lookup
    /// otherwise scanned the headers again.
    private var cookieHeader: String? { storage.cookieHeader }
    /// Every cookie of the `Cookie` header; the first value wins when a name repeats.
    /// Parsed on each access: to read one cookie, ``cookie(_:)`` is cheaper.
    public var cookies: [String: String] {
        cookieHeader.map(Cookies.parse) ?? [:]
    }

    /// The value of one cookie of the `Cookie` header, found without parsing the others:
    /// `request.cookie("session")`.
    public func cookie(_ name: String) -> String? {
        cookieHeader.flatMap { Cookies.value(named: name, in: $0) }
    }

    /// Three cookies' values in one scan of the header.
    package func cookies(_ first: String, _ second: String, _ third: String) -> (String?, String?, String?) {
        cookieHeader.map { Cookies.values(named: first, second, third, in: $0) } ?? (nil, nil, nil)
    }

    /// The request body's bytes (empty for a GET).
    public var body: [UInt8] {
        get { storage.body }
        set { unique.body = newValue }
    }
    /// The client's IP address, when known.
    public var remoteAddress: String? {
        get { storage.remoteAddress }
        set { unique.remoteAddress = newValue }
    }
    /// The request's id (``RequestID``): `X-Request-Id` as sent, or one the pipeline made;
    /// empty for a request made in code.
    package var requestID: String {
        get { storage.requestID }
        set { unique.requestID = newValue }
    }
    /// The tracer of the request's span, when one is bootstrapped: the application's child
    /// spans (action, loading, rendering) go under it.
    package var tracer: (any Tracer)? {
        get { storage.tracer }
        set { unique.tracer = newValue }
    }
    /// Set when the request is a form whose upload passed the server's limit: the body then
    /// holds the rest of the form, and the app answers it again with an error on those fields.
    package var oversizedUpload: OversizedUpload? {
        get { storage.oversizedUpload }
        set { unique.oversizedUpload = newValue }
    }

    /// A request for in-process use (tests, internal dispatch). `path` may include `?query`;
    /// malformed escapes are kept literally here (the server answers them with `400` instead).
    public init(
        method: HTTPMethod = .get, path: String, query: QueryItems? = nil, headers: HTTPHeaders = [],
        body: [UInt8] = []
    ) {
        var target = RequestTarget.parse(path, strict: false)
            ?? RequestTarget(raw: nil, path: path, rawQuery: nil, segments: [], query: QueryItems())
        if let query {
            target = RequestTarget(raw: nil, path: target.path, rawQuery: query.encoded, segments: target.segments, query: query)
        }
        self.init(method: method, target: target, headers: headers, body: body, remoteAddress: nil)
    }

    init(method: HTTPMethod, target: RequestTarget, headers: HTTPHeaders, body: [UInt8], remoteAddress: String?) {
        storage = HTTPRequestStorage(method: method, target: target, headers: headers, body: body,
                                     remoteAddress: remoteAddress)
    }

    /// Decodes the body as a form according to its `Content-Type`.
    public func form() throws(FormDecodingError) -> FormData {
        try FormData.decode(contentType: headers["Content-Type"], body: body)
    }
}

/// The fields of an ``HTTPRequest``, shared by its copies until one of them changes a field
/// (the request then copies the box first, so requests stay values).
private final class HTTPRequestStorage: @unchecked Sendable {
    // @unchecked: a box is only written through `HTTPRequest.unique`, which first makes it
    // the one request's own; shared boxes are only read.
    var method: HTTPMethod
    let path: String
    let pathSegments: [String]
    let query: QueryItems
    let rawQuery: String?
    let targetKey: String?
    var headers: HTTPHeaders
    var cookieHeader: String?
    var body: [UInt8]
    var remoteAddress: String?
    var requestID = ""
    var tracer: (any Tracer)?
    var oversizedUpload: OversizedUpload?

    init(method: HTTPMethod, target: RequestTarget, headers: HTTPHeaders, body: [UInt8], remoteAddress: String?) {
        self.method = method
        self.path = target.path
        self.pathSegments = target.segments
        self.query = target.query
        self.rawQuery = target.rawQuery
        self.targetKey = target.raw
        self.headers = headers
        self.cookieHeader = headers["Cookie"]
        self.body = body
        self.remoteAddress = remoteAddress
    }

    private init(copying other: HTTPRequestStorage) {
        method = other.method
        path = other.path
        pathSegments = other.pathSegments
        query = other.query
        rawQuery = other.rawQuery
        targetKey = other.targetKey
        headers = other.headers
        cookieHeader = other.cookieHeader
        body = other.body
        remoteAddress = other.remoteAddress
        requestID = other.requestID
        tracer = other.tracer
        oversizedUpload = other.oversizedUpload
    }

    /// A box of its own with the same fields.
    func copy() -> HTTPRequestStorage {
        HTTPRequestStorage(copying: self)
    }
}
