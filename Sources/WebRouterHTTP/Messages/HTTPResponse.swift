/// A complete HTTP response: status, headers and body bytes.
///
/// `Content-Length` and `Date` are set by the server.
/// ```swift
/// var response = HTTPResponse.html("<h1>Hello</h1>")
/// response.setCookie(SetCookie(name: "seen", value: "1"))
/// return response
/// ```
public struct HTTPResponse: Sendable {
    /// The status line's code and reason; `200 OK` by default.
    public var status: HTTPStatus
    /// The response headers, in the order they are sent.
    public var headers: HTTPHeaders
    /// The body's bytes. A rendered page keeps its render buffer until it is sent, so reading
    /// this on one copies the page into an array.
    public var body: [UInt8] {
        get { payload?.array ?? [] }
        set { payload = newValue.isEmpty ? nil : ResponseBody(newValue) }
    }
    /// The body as the server sends it; `nil` when empty (a redirect allocates nothing).
    /// A body sent many times (a static file) is one shared object.
    package var payload: ResponseBody?
    /// The route the response answered, for the request's metrics and span: a screen's route
    /// pattern (`/feed/tournament/{Int}`), set by the responder; `nil` when nothing matched.
    package var route: String?
    /// The page a reported visit names (a page shown from a prefetch): the access log writes
    /// it as that page's `GET`, marked `shown-from-prefetch`.
    package var visitTarget: String?
    /// A body written over time (``ResponseStream``), sent chunked as it comes; `nil` for a
    /// complete body. A response with a stream sends no ``body``.
    public var stream: ResponseStream?

    /// A response of the given parts: `200 OK` with no headers and no body by default.
    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.payload = body.isEmpty ? nil : ResponseBody(body)
    }

    /// A response whose body the app writes over time into `stream`, sent as it comes.
    /// ```swift
    /// let stream = ResponseStream()
    /// let response = HTTPResponse(headers: ["Content-Type": "text/event-stream"], stream: stream)
    /// stream.write("data: hello\n\n")
    /// ```
    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = [], stream: ResponseStream) {
        self.status = status
        self.headers = headers
        self.payload = nil
        self.stream = stream
    }

    /// A response's header list, starting with one field and with room for the security
    /// headers and cookies `Application.finish` adds (a literal built two arrays, then grew).
    private static func headers(_ name: String, _ value: String) -> HTTPHeaders {
        HTTPHeaders(name: name, value: value, capacity: 8)
    }

    /// An HTML page (`text/html; charset=utf-8`).
    public static func html(_ bytes: [UInt8], status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers("Content-Type", "text/html; charset=utf-8"), body: bytes)
    }

    /// An HTML page (`text/html; charset=utf-8`).
    public static func html(_ string: String, status: HTTPStatus = .ok) -> HTTPResponse {
        html(Array(string.utf8), status: status)
    }

    /// Plain text (`text/plain; charset=utf-8`).
    public static func text(_ string: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers("Content-Type", "text/plain; charset=utf-8"), body: Array(string.utf8))
    }

    /// A redirect to `location`; `303 See Other` by default (the answer to a form `POST`).
    public static func redirect(to location: String, status: HTTPStatus = .seeOther) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers("Location", location))
    }

    /// Adds a `Set-Cookie` header; several cookies make several headers.
    public mutating func setCookie(_ cookie: SetCookie) {
        headers.add(name: "Set-Cookie", value: cookie.headerValue)
    }
}
