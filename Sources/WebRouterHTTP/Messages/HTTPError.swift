/// An error a screen throws to answer with an HTTP error page instead of its content.
///
/// ```swift
/// func body(_ id: Int, router: Router<Match>) throws -> some HTML {
///     let match = try store.match(id) ?? { throw HTTPError.notFound("No match \(id)") }()
///     …
/// }
/// ```
public struct HTTPError: Error, Sendable, Equatable {
    /// The status of the error page (`404`, `403`, …).
    public var status: HTTPStatus
    /// A sentence for the visitor, shown on the error page (escaped).
    public var message: String
    /// The methods the resource does answer, sent as `Allow` with a `405` (or `nil`).
    package var allowedMethods: AllowedMethods?
    /// Seconds after which the visitor may try again, sent as `Retry-After` (with a `429` or
    /// a `503`), or `nil`.
    public var retryAfter: Int?

    /// An error answered with `status` and `message` on the error page.
    public init(_ status: HTTPStatus, _ message: String) {
        self.status = status
        self.message = message
    }

    /// `404 Not Found`: the id in the URL names nothing (yet, or any more).
    public static func notFound(_ message: String = "There is nothing at this address.") -> HTTPError {
        HTTPError(.notFound, message)
    }
    /// `403 Forbidden`: the visitor may not see or do this.
    public static func forbidden(_ message: String = "You are not allowed to do that.") -> HTTPError {
        HTTPError(.forbidden, message)
    }
    /// `429 Too Many Requests` with `Retry-After: seconds`: the visitor tried too often (see
    /// `AttemptThrottle` for answering it inside a form instead).
    /// ```swift
    /// if let wait = throttle.retryAfter([.client(router.request)], now: router.request.now) {
    ///     throw HTTPError.tooManyRequests(AttemptThrottle.message(retryAfter: wait), retryAfter: wait)
    /// }
    /// ```
    public static func tooManyRequests(_ message: String, retryAfter seconds: Int) -> HTTPError {
        var error = HTTPError(.tooManyRequests, message)
        error.retryAfter = max(1, seconds)
        return error
    }
    /// `400 Bad Request`: the request makes no sense (a form missing its fields, say).
    public static func badRequest(_ message: String = "The request could not be understood.") -> HTTPError {
        HTTPError(.badRequest, message)
    }
}
