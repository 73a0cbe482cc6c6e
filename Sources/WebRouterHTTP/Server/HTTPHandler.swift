/// The function that answers every request the server does not answer itself
/// (static files and protocol errors). It runs on Swift's concurrency pool, never on a
/// server thread, so it may await freely.
/// ```swift
/// let handler: HTTPHandler = { request in .text("You asked for \(request.path)") }
/// ```
public typealias HTTPHandler = @Sendable (HTTPRequest) async -> HTTPResponse
