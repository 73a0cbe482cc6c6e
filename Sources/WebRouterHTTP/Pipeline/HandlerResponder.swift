/// A bare ``HTTPHandler`` as a responder: its answers as they are, and the server's short
/// error pages (``ErrorPage``) for what the pipeline refuses.
///
/// ```swift
/// let server = HTTPServer(configuration: ServerConfiguration(port: 0)) { _ in .text("Hi") }
/// ```
struct HandlerResponder: HTTPResponder {
    let handler: HTTPHandler

    func file(for request: HTTPRequest) -> Result<HTTPResponse, HTTPError>? { nil }

    func respond(to request: HTTPRequest) async -> HTTPResponse {
        await handler(request)
    }

    func refuse(_ error: HTTPError, request: HTTPRequest?, headers: HTTPHeaders) -> HTTPResponse {
        var response = ErrorPage.response(error.status, detail: error.message)
        if let allowed = error.allowedMethods { allowed.apply(to: &response.headers) }
        return response
    }
}
