public import WebRouterHTTP

/// WebRouter's HTTP server without an application: every request that passes the server's
/// own steps is answered by a closure. Not part of an app's API (an app serves with
/// ``Application/serve(_:logger:)`` or `runCommandLine()`); the benchmarks use it to measure
/// the server alone.
/// ```swift
/// @_spi(BareServer) import WebRouter
/// let server = BareHTTPServer(configuration: ServerConfiguration(port: 8080)) { _ in .text("ok") }
/// try await server.runUntilSignalled()
/// ```
@_spi(BareServer) public typealias BareHTTPServer = HTTPServer
