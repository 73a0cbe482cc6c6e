import Foundation
import Logging
import WebRouter
import WebRouterHTTP

/// The test kit's `.inProcess` transport: the server's own ``RequestPipeline`` without the
/// socket. It does what libmicrohttpd does around the pipeline, and nothing else — drops a
/// body over the limit, frames the response (`Date`, `Content-Length`, `Connection: close`
/// when the request asks) and sends no body to `HEAD` — so a test that passes in process
/// sees what the same request gets live (a test crawls the demo both ways and compares).
/// ```swift
/// let transport = InProcessTransport(app: app, configuration: ServerConfiguration())
/// let response = await transport.exchange(method: .get, target: "/feed", headers: ["Host": "127.0.0.1"], body: [])
/// ```
struct InProcessTransport: Sendable {
    let pipeline: RequestPipeline
    let maxBodySize: Int
    let maxOversizedFormSize: Int

    init(app: Application, configuration: ServerConfiguration) {
        pipeline = RequestPipeline(
            responder: app, configuration: configuration,
            accessLog: AccessLog(logger: Logger(label: "webrouter.testing"), enabled: false))
        maxBodySize = configuration.maxBodySize
        maxOversizedFormSize = configuration.maxOversizedFormSize
    }

    /// One request and its response, framed as libmicrohttpd frames it.
    func exchange(method: HTTPMethod, target: String, headers: HTTPHeaders, body: [UInt8]) async -> HTTPResponse {
        // The server's limit, or the larger one of the route's form, as the live server asks.
        var limit = maxBodySize
        if method == .post, let routeLimit = pipeline.responder.bodyLimit(method: "POST", target: target), routeLimit > limit {
            limit = routeLimit
        }
        let tooLarge = body.count > limit
        let reader = tooLarge && body.count <= max(maxOversizedFormSize, limit)
            ? OversizedForm.reader(method: method.rawValue, contentType: headers["Content-Type"], limit: limit) : nil
        var kept: OversizedForm.Kept?
        if var form = reader { kept = Self.readThrough(body, with: &form) }
        let incoming = IncomingRequest(
            method: method.rawValue, target: target, headers: headers, body: tooLarge ? kept?.body ?? [] : body,
            bodyTooLarge: tooLarge, oversizedFields: kept?.fields ?? [], bodyLimit: limit, remoteAddress: "127.0.0.1")
        var response = await pipeline.respond(to: incoming)
        // The server closes after a body it stopped reading; one it read through keeps the connection.
        Self.frame(&response, method: method, closes: (tooLarge && reader == nil) || Self.asksToClose(headers))
        return response
    }

    /// A form upload past the limit, read as the server reads it (``OversizedForm``, in the
    /// pieces a socket delivers): the form without its upload, or `nil` for a `413`.
    private static func readThrough(_ body: [UInt8], with reader: inout OversizedForm) -> OversizedForm.Kept? {
        let piece = 32 * 1024
        for start in stride(from: 0, to: body.count, by: piece) {
            reader.consume(body[start..<min(start + piece, body.count)])
        }
        return reader.finish()
    }

    /// libmicrohttpd's framing: `Date`, then `Content-Length` (the body's, also for `HEAD`;
    /// none for `1xx` and `204`; a `304` says `0`), `Connection: close` when the connection ends.
    static func frame(_ response: inout HTTPResponse, method: HTTPMethod, closes: Bool) {
        response.headers.set(name: "Date", value: HTTPDate.format(Int(Date().timeIntervalSince1970)))
        let code = response.status.code
        // A stream is sent chunked, as libmicrohttpd sends it: no length.
        if !(100..<200).contains(code) && code != 204 && response.stream == nil {
            response.headers.set(name: "Content-Length", value: String(response.payload?.count ?? 0))
        }
        if closes { response.headers.set(name: "Connection", value: "close") }
        if method == .head { response.body = [] }
    }

    /// Whether the request's `Connection` field lists `close`.
    static func asksToClose(_ headers: HTTPHeaders) -> Bool {
        headers["Connection"]?.split(separator: ",").contains {
            $0.trimmingCharacters(in: .whitespaces).lowercased() == "close"
        } ?? false
    }
}
