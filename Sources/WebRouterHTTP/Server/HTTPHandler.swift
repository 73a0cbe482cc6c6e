/// The function that answers every request a bare ``HTTPServer`` does not answer itself
/// (static files and protocol errors).
///
/// It starts on the libmicrohttpd thread that read the request (`Task.immediate`), so a
/// handler that does not suspend costs no thread hop; when it awaits something that does
/// suspend, the connection is suspended and the handler continues on Swift's concurrency pool.
/// It may await freely, but must not block: while it runs synchronously, it holds a server
/// thread.
/// ```swift
/// let handler: HTTPHandler = { request in .text("You asked for \(request.path)") }
/// ```
public typealias HTTPHandler = @Sendable (HTTPRequest) async -> HTTPResponse
