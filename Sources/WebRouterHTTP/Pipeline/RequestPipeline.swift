import Tracing
/// The one path every request takes, live or in process: ordered, named steps, each response
/// header with one home, and no early return that skips a step.
///
/// 1. **Protocol checks** (``refusal(of:)``): `OPTIONS *` is answered `204` with the server's
///    methods as `Allow`; a target that does not decode and a broken header block are `400`
///    (one with both `Content-Length` and `Transfer-Encoding` also closes the connection,
///    RFC 9112 §6.1), a body over the limit `413`, a method nobody knows `501`.
/// 2. **Static files**: the public directory's files, then the responder's own
///    (``HTTPResponder/file(for:)``: the chrome's assets).
/// 3. – 8. **The responder** (``HTTPResponder/respond(to:)``): in an ``Application``,
///    negotiation, session, routing, the method check, the page or action, and the response's
///    headers. A request refused in step 1 or 2 goes to ``HTTPResponder/refuse(_:request:headers:)``,
///    which renders the one error page through the same header step.
/// 9. **Compression** (``ResponseCompression``): every response, `Vary: Accept-Encoding` included.
/// 10. **The access log and the request's metrics** (``RequestTelemetry``), and its id echoed in
///    `X-Request-Id` (``RequestID``). A tracer bootstrapped, the whole request runs in its server
///    span (parent from `traceparent`), named after the route once known. Framing (`Content-Length`, `Date`, `Connection`) is the transport's:
///    libmicrohttpd's live, the test kit's in process, the same bytes either way.
///
/// ```swift
/// let pipeline = RequestPipeline(responder: app, configuration: ServerConfiguration())
/// let response = await pipeline.respond(to: IncomingRequest(method: "GET", target: "/feed", headers: ["Host": "a"]))
/// ```
/// A class, so a request's task captures it with one retain.
package final class RequestPipeline: Sendable {
    /// Steps 3 to 8, and the error pages of steps 1 and 2.
    package let responder: any HTTPResponder
    /// The public directory's files (step 2), when the configuration names one that exists.
    package let staticFiles: StaticFiles?
    let accessLog: AccessLog
    /// ``ServerConfiguration/maxBodySize``, for the message on an oversized form's file field.
    let maxBodySize: Int

    /// A pipeline for `responder` with the static files and access log `configuration` names.
    package init(responder: any HTTPResponder, configuration: ServerConfiguration, accessLog: AccessLog) {
        self.responder = responder
        self.accessLog = accessLog
        maxBodySize = configuration.maxBodySize
        staticFiles = configuration.publicDirectory.flatMap {
            StaticFiles(directory: $0, prefix: configuration.staticPrefix, cacheControl: configuration.staticCacheControl)
        }
    }

    /// The response to `incoming`, ready for the transport to frame and send.
    package func respond(to incoming: IncomingRequest) async -> HTTPResponse {
        let telemetry = RequestTelemetry.current()
        let requestID = RequestID.accepting(incoming.headers[RequestID.header]) ?? RequestID.next()
        guard let tracer = telemetry.tracer else {
            return finish(await answer(incoming, requestID: requestID, tracer: nil), to: incoming, requestID: requestID, telemetry: telemetry)
        }
        var parent = ServiceContext.topLevel
        tracer.extract(incoming.headers, into: &parent, using: HTTPHeadersExtractor())
        return await tracer.withSpan(incoming.method, context: parent, ofKind: .server) { span in
            span.attributes["http.request.method"] = incoming.method
            span.attributes["url.path"] = Self.path(of: incoming.target)
            span.attributes["webrouter.request_id"] = requestID
            let response = finish(
                await answer(incoming, requestID: requestID, tracer: tracer), to: incoming, requestID: requestID, telemetry: telemetry)
            let route = Self.route(of: response)
            span.operationName = incoming.method + " " + route
            span.attributes["http.route"] = route
            span.attributes["http.response.status_code"] = response.status.code
            if response.status.code >= 500 { span.setStatus(SpanStatus(code: .error)) }
            return response
        }
    }

    /// The route a response answered, for metrics and the span's name: the screen's route
    /// pattern the responder set, `/static/*` or `/_webrouter/*` for files, else `unmatched`.
    static func route(of response: HTTPResponse) -> String {
        response.route ?? "unmatched"
    }

    /// The target's path, without its query.
    static func path(of target: String) -> String {
        target.firstIndex(of: "?").map { String(target[..<$0]) } ?? target
    }

    /// The same response as ``respond(to:)`` when step 1 refuses `incoming` (or answers
    /// `OPTIONS *`), without awaiting; `nil` when the request passes step 1. For a transport
    /// that must answer on the spot: libmicrohttpd's while a chunked body passes the limit.
    package func respondInStepOne(to incoming: IncomingRequest) -> HTTPResponse? {
        guard case .failure(let refusal) = refusal(of: incoming) else { return nil }
        let requestID = RequestID.accepting(incoming.headers[RequestID.header]) ?? RequestID.next()
        return finish(answer(refusal, to: incoming), to: incoming, requestID: requestID, telemetry: .current())
    }

    /// Steps 9 and 10. Takes the answer by value (`consuming`): compression then edits the only
    /// copy of its header list in place.
    private func finish(
        _ answer: consuming HTTPResponse, to incoming: IncomingRequest, requestID: String, telemetry: RequestTelemetry
    ) -> HTTPResponse {
        // 9. Compression: the header is read only for a response whose type compresses.
        var response = ResponseCompression.compressed(answer, acceptEncoding: incoming.headers["Accept-Encoding"])
        // 10. The request's id, the access log and the metrics.
        response.headers.add(name: RequestID.header, value: requestID)
        if accessLog.isEnabled {
            if let visit = response.visitTarget {
                accessLog.record(
                    method: "GET", path: Self.path(of: visit), status: response.status.code, bytes: 0, since: incoming.start,
                    requestID: requestID, note: "shown-from-prefetch")
            } else {
                accessLog.record(
                    method: incoming.method, path: Self.path(of: incoming.target), status: response.status.code,
                    bytes: response.payload?.count ?? 0, since: incoming.start, requestID: requestID,
                    speculative: SpeculativeRequest(secPurpose: incoming.headers["Sec-Purpose"] ?? incoming.headers["Purpose"]))
            }
        }
        if telemetry.metrics != nil {
            let elapsed = ContinuousClock.now - incoming.start
            let nanoseconds = elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
            telemetry.record(
                method: incoming.method, route: Self.route(of: response), status: response.status.code, nanoseconds: nanoseconds)
        }
        return response
    }

    /// Steps 1 to 8.
    private func answer(_ incoming: IncomingRequest, requestID: String, tracer: (any Tracer)?) async -> HTTPResponse {
        // 1. Protocol checks.
        var request: HTTPRequest
        switch refusal(of: incoming) {
        case .success(let checked): request = checked
        case .failure(let refusal): return answer(refusal, to: incoming)
        }
        request.requestID = requestID
        request.tracer = tracer
        // 2. Static files: the public directory's, then the responder's own.
        if let staticFiles, staticFiles.handles(path: request.path) {
            var response = answer(staticFiles.response(method: request.method, path: request.path, headers: request.headers), to: request)
            response.route = staticFiles.prefix + "*"
            return response
        }
        if let file = responder.file(for: request) {
            var response = answer(file, to: request)
            response.route = Self.responderFilesRoute
            return response
        }
        // 3. – 8. The responder.
        return await responder.respond(to: request)
    }

    /// Step 1's answer: `OPTIONS *`'s own, or the responder's error page (which closes the
    /// connection when the refusal says so).
    private func answer(_ refusal: Refusal, to incoming: IncomingRequest) -> HTTPResponse {
        if let response = refusal.response { return response }
        var response = responder.refuse(refusal.error, request: refusal.request, headers: incoming.headers)
        if refusal.closesConnection { response.headers.set(name: "Connection", value: "close") }
        return response
    }

    private func answer(_ file: Result<HTTPResponse, HTTPError>, to request: HTTPRequest) -> HTTPResponse {
        switch file {
        case .success(let response): response
        case .failure(let error): responder.refuse(error, request: request, headers: request.headers)
        }
    }

    /// The route of the responder's own files (the chrome's and the app's assets).
    static let responderFilesRoute = "/_webrouter/*"

    /// A request the pipeline refuses in step 1, with the request when its target could be read.
    struct Refusal: Error {
        let error: HTTPError
        let request: HTTPRequest?
        /// Whether the connection must close after the answer (its framing cannot be trusted).
        var closesConnection = false
        /// The answer itself when it is not an error page (`OPTIONS *`).
        var response: HTTPResponse?
    }

    /// The methods the server as a whole answers, for `OPTIONS *` (RFC 9110 §9.3.7).
    static let serverMethods = AllowedMethods([.get, .head, .post, .options])

    /// Step 1: the request as a value, or why it is refused. The checks libmicrohttpd's strict
    /// mode makes while parsing (spaces in the target, a malformed request line) come before.
    func refusal(of incoming: IncomingRequest) -> Result<HTTPRequest, Refusal> {
        if incoming.target == "*" && incoming.method == "OPTIONS" {
            // Not a refusal, but no path either: the server's methods, before any path is read.
            return .failure(Refusal(
                error: HTTPError(.noContent, ""), request: nil, response: Self.serverMethods.optionsResponse()))
        }
        let request = RequestTarget.parse(incoming.target, strict: true).map {
            HTTPRequest(
                method: HTTPMethod(rawValue: incoming.method), target: $0, headers: incoming.headers,
                body: incoming.body, remoteAddress: incoming.remoteAddress)
        }
        if let transferEncoding = incoming.headers["Transfer-Encoding"],
            let problem = Self.framingProblem(
                transferEncoding: transferEncoding, hasContentLength: incoming.headers["Content-Length"] != nil)
        {
            // RFC 9112 §6.1: the body's end cannot be trusted, so neither can the connection.
            return .failure(Refusal(error: problem, request: request, closesConnection: true))
        }
        guard var request else {
            return .failure(Refusal(error: HTTPError(.badRequest, "The address is not correctly encoded."), request: nil))
        }
        if let problem = HeaderValidation.problem(in: incoming.headers, isHTTP11: incoming.isHTTP11) {
            return .failure(Refusal(error: HTTPError(.badRequest, problem), request: request))
        }
        if incoming.bodyTooLarge, !incoming.oversizedFields.isEmpty, responder.answersOversizedForms, request.method == .post {
            // A form whose upload passed the limit: the app answers it with the rest of the form.
            request.oversizedUpload = OversizedUpload(fields: incoming.oversizedFields, limit: incoming.bodyLimit ?? maxBodySize)
        } else if incoming.bodyTooLarge {
            return .failure(Refusal(error: HTTPError(.payloadTooLarge, "The request's body is larger than this server accepts."), request: request))
        }
        if !request.method.isRecognised {
            return .failure(Refusal(error: HTTPMethod.notImplementedError(request.method), request: request))
        }
        return .success(request)
    }

    /// Why a request with `Transfer-Encoding` cannot be read, or `nil` when its body has a
    /// trustworthy end (RFC 9112 §6.1): `Content-Length` with it, or a last coding that is not
    /// `chunked` (the body would run to the connection's end), are `400`; a coding the server
    /// does not implement before `chunked` (`gzip, chunked`) is `501`. The connection closes
    /// after either. The transport checks it at the headers, before reading any body.
    package static func framingProblem(transferEncoding: String, hasContentLength: Bool) -> HTTPError? {
        if hasContentLength { return HTTPError(.badRequest, "The request has both Content-Length and Transfer-Encoding.") }
        let codings = transferEncoding.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty }
        if codings.last != "chunked" {
            return HTTPError(.badRequest, "The request's Transfer-Encoding does not end in chunked.")
        }
        if codings.count > 1, codings.dropLast().allSatisfy({ $0 == "chunked" }) {
            return HTTPError(.badRequest, "The request's Transfer-Encoding applies chunked more than once.")
        }
        if codings.count > 1 {
            // Only chunked is implemented (RFC 9112 §6.1: an unknown coding is 501).
            return HTTPError(.notImplemented, "The request's Transfer-Encoding (\(codings.joined(separator: ", "))) is not one this server reads.")
        }
        return nil
    }
}
