/// What answers the requests that pass the server's own steps: the application's part of
/// ``RequestPipeline`` (``Application`` in WebRouter; ``HandlerResponder`` for a bare handler).
///
/// The pipeline calls exactly one of ``respond(to:)`` and ``refuse(_:request:headers:)`` per
/// request (or takes a file from ``file(for:)``), so whatever a responder adds to its answers
/// (security headers, cookies, content negotiation) it adds in one place for both.
/// ```swift
/// struct Hello: HTTPResponder {
///     func file(for request: HTTPRequest) -> Result<HTTPResponse, HTTPError>? { nil }
///     func respond(to request: HTTPRequest) async -> HTTPResponse { .text("Hello") }
///     func refuse(_ error: HTTPError, request: HTTPRequest?, headers: HTTPHeaders) -> HTTPResponse {
///         .text(error.message, status: error.status)
///     }
/// }
/// ```
package protocol HTTPResponder: Sendable {
    /// A file the responder serves itself (the page chrome's compiled-in assets): the file, an
    /// error for a path under its prefix that names none, or `nil` when the path is not its.
    func file(for request: HTTPRequest) -> Result<HTTPResponse, HTTPError>?

    /// The answer to a well-formed request that no static file answered.
    func respond(to request: HTTPRequest) async -> HTTPResponse

    /// The error page for a request the pipeline refused: `request` is `nil` when its target
    /// could not be read; `headers` are the request's, for negotiation either way.
    func refuse(_ error: HTTPError, request: HTTPRequest?, headers: HTTPHeaders) -> HTTPResponse

    /// Whether the responder answers a form whose upload passed the server's limit itself
    /// (``HTTPRequest/oversizedUpload`` set, the rest of the form in the body) rather than the
    /// pipeline refusing it `413`. `false` unless the responder says so.
    var answersOversizedForms: Bool { get }

    /// A larger body limit than the server's ``ServerConfiguration/maxBodySize`` for a request
    /// to `target` (path and query as sent) with `method`, asked when its header block is in:
    /// a route whose form takes larger uploads. `nil` (the default) keeps the server's limit.
    func bodyLimit(method: String, target: String) -> Int?
}

extension HTTPResponder {
    /// `false`: an oversized body is a `413` from the pipeline.
    package var answersOversizedForms: Bool { false }

    /// `nil`: the server's limit for every request.
    package func bodyLimit(method: String, target: String) -> Int? { nil }
}
