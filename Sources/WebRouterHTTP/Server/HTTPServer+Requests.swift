import CMicroHTTPD

#if canImport(Glibc)
import Glibc
#endif

/// The transport on libmicrohttpd's threads: collect the request, hand it to the
/// ``RequestPipeline`` on a connection suspended while it awaits, queue the response.
/// Every answer, refusals included, comes out of the pipeline; this file only reads and sends.
extension HTTPServer {
    /// libmicrohttpd's access handler: called once with the headers, once per piece of the
    /// body, once when the body is complete, and once more after a suspended pipeline resumed
    /// the connection. ``AccessPhase`` says which call this is; each phase has its function.
    func access(
        connection: OpaquePointer, context: RequestState, method: UnsafePointer<CChar>?,
        version: UnsafePointer<CChar>?, uploadData: UnsafePointer<CChar>?, uploadDataSize: UnsafeMutablePointer<Int>
    ) -> MHD_Result {
        switch context.phase {
        case .headers:
            return acceptHeaders(connection: connection, context: context, method: method, version: version)
        case .body, .discarding, .answered:
            if uploadDataSize.pointee > 0 {
                return receiveBody(
                    connection: connection, context: context, method: method, version: version, uploadData: uploadData,
                    size: uploadDataSize)
            }
            // A body answered while it streamed has ended: the answer is out, the connection closes.
            if context.phase == .answered { return .NO }
            return startPipeline(connection: connection, context: context, method: method, version: version)
        case .handling:
            // The call after the pipeline's task resumed the connection (or a spurious one);
            // a body still arriving after an early answer is dropped.
            uploadDataSize.pointee = 0
            return drive(context, on: connection)
        }
    }

    /// The first call: the headers are in. A declared body over the limit, and a body whose
    /// framing cannot be trusted (`Content-Length` with `Transfer-Encoding`, or a
    /// `Transfer-Encoding` not ending in `chunked`), are answered at once, without reading it.
    private func acceptHeaders(
        connection: OpaquePointer, context: RequestState, method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?
    ) -> MHD_Result {
        context.phase = .body
        if let clock = context.clock { deadlines.headersComplete(clock) }
        // The server's limit, or the larger one of the route's form (a typed form's maxBodySize).
        context.bodyLimit = configuration.maxBodySize
        if let method, strcmp(method, "POST") == 0,
           let routeLimit = pipeline.responder.bodyLimit(method: "POST", target: context.target), routeLimit > context.bodyLimit {
            context.bodyLimit = routeLimit
        }
        context.oversizedLimit = max(configuration.maxOversizedFormSize, context.bodyLimit)
        if let transferEncoding = MHD_lookup_connection_value(connection, .HEADER_KIND, "Transfer-Encoding"),
            RequestPipeline.framingProblem(
                transferEncoding: String(cString: transferEncoding),
                hasContentLength: MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length") != nil) != nil
        {
            // libmicrohttpd would read the body as chunked (or to the end of the connection);
            // the pipeline refuses it (400 or 501, closed) before any of it is read.
            return startPipeline(connection: connection, context: context, method: method, version: version)
        }
        if let lengthText = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length") {
            let length = Int(String(cString: lengthText)) ?? -1
            if length > context.bodyLimit {
                // A form upload within the larger limit is read through, its upload dropped.
                if length <= context.oversizedLimit, let reader = oversizedFormReader(connection, context, method) {
                    context.oversized = reader
                    return .YES
                }
                context.phase = .discarding
                return startPipeline(connection: connection, context: context, method: method, version: version)
            }
            if length > 0 { context.body.reserveCapacity(length) }
        }
        return .YES
    }

    /// A reader for the request's body when it is a form upload (``OversizedForm``).
    private func oversizedFormReader(_ connection: OpaquePointer, _ context: RequestState, _ method: UnsafePointer<CChar>?) -> OversizedForm? {
        OversizedForm.reader(
            method: method.map { String(cString: $0) } ?? "",
            contentType: MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Type").map { String(cString: $0) },
            limit: context.bodyLimit)
    }

    /// A piece of the body: kept while under the limit. A body that passes it (one that
    /// declared no length: a declared one was refused at the headers) is answered `413` on
    /// the spot, and the rest is read and dropped.
    private func receiveBody(
        connection: OpaquePointer, context: RequestState, method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?,
        uploadData: UnsafePointer<CChar>?, size pointer: UnsafeMutablePointer<Int>
    ) -> MHD_Result {
        let size = pointer.pointee
        pointer.pointee = 0
        if let clock = context.clock { deadlines.bodyReceived(clock, count: size) }
        context.receivedBytes += size
        if context.phase == .body, context.oversized == nil, context.body.count + size <= context.bodyLimit, let uploadData {
            uploadData.withMemoryRebound(to: UInt8.self, capacity: size) {
                context.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size))
            }
            return .YES
        }
        if context.phase == .body, context.oversized == nil, let reader = oversizedFormReader(connection, context, method) {
            // A form upload just passed the limit (a chunked one): read on, what was kept first.
            context.oversized = reader
            context.oversized?.consume(context.body)
            context.body = []
        }
        if context.phase == .body, context.oversized != nil, context.receivedBytes <= context.oversizedLimit,
            let uploadData
        {
            uploadData.withMemoryRebound(to: UInt8.self, capacity: size) {
                context.oversized?.consume(UnsafeBufferPointer(start: $0, count: size))
            }
            return .YES
        }
        context.oversized = nil
        if context.phase == .body {
            context.phase = .discarding
            context.body = []
            if answerOnTheSpot(connection: connection, context: context, method: method, version: version) {
                context.phase = .answered
            }
        }
        context.discardedBytes += size
        // A client that keeps streaming far past the limit loses its connection.
        return context.discardedBytes > 4 * max(context.bodyLimit, 1 << 16) ? .NO : .YES
    }

    /// The request as read so far, for the pipeline.
    private func incomingRequest(
        connection: OpaquePointer, context: RequestState, method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?
    ) -> IncomingRequest {
        // Counted first (a null iterator only counts), so the list is allocated once: a
        // browser's dozen headers otherwise grew it four or five times.
        var collector = HeaderCollector(
            capacity: Int(MHD_get_connection_values_n(connection, .HEADER_KIND, nil, nil)),
            span: configuration.connectionMemoryLimit)
        withUnsafeMutablePointer(to: &collector) { pointer in
            _ = MHD_get_connection_values_n(connection, .HEADER_KIND, mhdCollectHeader, pointer)
        }
        let headers = collector.finish()
        // A form upload read through: the form without its upload, or a plain 413 when
        // nothing of it could be kept.
        let kept = context.phase == .body ? context.oversized?.finish() : nil
        let incoming = IncomingRequest(
            method: method.map { String(cString: $0) } ?? "GET", target: context.target,
            isHTTP11: version.map { strcmp($0, "HTTP/1.1") == 0 } ?? false, headers: headers,
            body: kept?.body ?? (context.oversized == nil ? context.body : []),
            bodyTooLarge: context.phase == .discarding || context.oversized != nil, oversizedFields: kept?.fields ?? [],
            bodyLimit: context.bodyLimit,
            remoteAddress: webrouter_connection_client_address(connection).flatMap(ListenSocket.numericHost),
            start: context.start)
        return incoming
    }

    /// The request is read (or refused by its size): run the pipeline, queued right here when
    /// it finishes without suspending.
    private func startPipeline(
        connection: OpaquePointer, context: RequestState, method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?
    ) -> MHD_Result {
        let incoming = incomingRequest(connection: connection, context: context, method: method, version: version)
        if let clock = context.clock { deadlines.answering(clock) }
        context.body = []
        context.oversized = nil
        context.phase = .handling
        let pipeline = self.pipeline
        // The pipeline starts on this thread with the request as its task's executor: it
        // usually finishes without suspending, and what it awaits resumes here too (see
        // `RequestState+Handoff.swift`), so its response is queued by this thread either way.
        Task.immediate(executorPreference: context) {
            let response = await pipeline.respond(to: incoming)
            // Suspended: nothing else wakes the connection (this runs elsewhere only when the
            // server stops, or when the pipeline ended on an actor of its own).
            if context.finish(with: response), let connection = context.connection {
                _ = self.resume(connection, id: ObjectIdentifier(context))
            }
        }
        return drive(context, on: connection)
    }

    /// Runs the request task's jobs that wait for this thread, then queues its response, or
    /// suspends the connection until the task has something more.
    private func drive(_ context: RequestState, on connection: OpaquePointer) -> MHD_Result {
        let id = ObjectIdentifier(context)
        let executor = context.asUnownedTaskExecutor()
        while true {
            let step = context.nextStep {
                resumeGate.withLock { gate in
                    guard !gate.stopped else { return false }
                    MHD_suspend_connection(connection)
                    gate.suspended[id] = MHDHandle(pointer: connection)
                    context.wasSuspended = true
                    return true
                }
            }
            switch step {
            case .respond(let response): return queue(response, on: connection)
            case .run(let jobs): for job in jobs { job.runSynchronously(on: executor) }
            case .suspended: return .YES
            case .abandoned: return .NO
            }
        }
    }

    /// A body without a declared length passed the limit: the pipeline's `413` (step 1, which
    /// never awaits) is written straight to the socket, followed by the end of the stream.
    ///
    /// libmicrohttpd 0.9.75 queues a response only before the body or after all of it, and
    /// reading an endless body to its end would never answer; so this one answer is framed
    /// here as libmicrohttpd frames its own (`Connection: close`, `Content-Length`, `Date`).
    /// The connection stays open while the client still sends, its bytes dropped (a lingering
    /// close, so the client reads the answer instead of a reset), until it stops, falls
    /// below ``ServerConfiguration/minimumBodyRate`` or sends four times the limit.
    /// Returns `false` when nothing could be written (the request then ends as before).
    private func answerOnTheSpot(
        connection: OpaquePointer, context: RequestState, method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?
    ) -> Bool {
        let incoming = incomingRequest(connection: connection, context: context, method: method, version: version)
        let fd = webrouter_connection_fd(connection)
        guard fd >= 0, let response = pipeline.respondInStepOne(to: incoming) else { return false }
        var head = "HTTP/1.1 \(response.status.code) \(String(cString: MHD_get_reason_phrase_for(UInt32(response.status.code))))\r\n"
        for (name, value) in response.headers
        where !HTTPHeaders.equalCaseInsensitive(name, "Content-Length") && !HTTPHeaders.equalCaseInsensitive(name, "Connection") {
            head += "\(name): \(value)\r\n"
        }
        let body = incoming.method == "HEAD" ? [] : response.body
        head += "Connection: close\r\nContent-Length: \(response.payload?.count ?? 0)\r\n"
        head += "Date: \(HTTPDate.format(Int(time(nil))))\r\n\r\n"
        let bytes = Array(head.utf8) + body
        // Nothing else is queued on the connection: a send buffer twice the answer takes all of it.
        var bufferSize = Int32(clamping: max(bytes.count * 2, 65_536))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &bufferSize, socklen_t(MemoryLayout<Int32>.size))
        let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        if sent < bytes.count {
            logger.warning("wrote \(max(sent, 0)) of the \(bytes.count) bytes of a \(response.status.code) to a streaming body")
        }
        _ = shutdown(fd, Int32(SHUT_WR))
        return sent > 0
    }

    /// Wakes a suspended connection unless the daemon is already being torn down.
    /// Returns `false` when it will not be resumed (the server stops, or it was not suspended).
    @discardableResult
    func resume(_ connection: MHDHandle, id: ObjectIdentifier) -> Bool {
        resumeGate.withLock { gate in
            guard !gate.stopped, gate.suspended.removeValue(forKey: id) != nil else { return false }
            MHD_resume_connection(connection.pointer)
            return true
        }
    }

    /// The request ended while its connection counted as suspended (libmicrohttpd closed it):
    /// nothing may resume that connection any more.
    func forgetSuspended(_ id: ObjectIdentifier) {
        resumeGate.withLock { gate in _ = gate.suspended.removeValue(forKey: id) }
    }

    /// Hands a response to libmicrohttpd, sending straight from the body's bytes; it frames
    /// it (`Content-Length`, `Date`, `Connection`).
    private func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        if let stream = response.stream { return queueStream(stream, response, on: connection) }
        let count = response.payload?.count ?? 0
        let mhdResponse: OpaquePointer?
        if let body = response.payload, count > 0 {
            // MHD sends straight from the body's bytes, which stay put while `body` lives,
            // and releases `body` through the free callback when it is done.
            let retained = Unmanaged.passRetained(body)
            mhdResponse = MHD_create_response_from_buffer_with_free_callback_cls(
                count, UnsafeMutableRawPointer(mutating: body.baseAddress), mhdReleaseBody, retained.toOpaque())
            if mhdResponse == nil { retained.release() }
        } else {
            mhdResponse = MHD_create_response_from_buffer_with_free_callback_cls(0, nil, nil, nil)
        }
        guard let mhdResponse else { return .NO }
        defer { MHD_destroy_response(mhdResponse) }
        for (name, value) in response.headers {
            // libmicrohttpd computes Content-Length itself and refuses a hand-made one.
            if HTTPHeaders.equalCaseInsensitive(name, "Content-Length") { continue }
            // withCString reads a native String in place (small ones from a stack copy);
            // passing the String directly would build a heap `utf8CString` per argument.
            let added = name.withCString { name in
                value.withCString { value in MHD_add_response_header(mhdResponse, name, value) }
            }
            if added == .NO {
                logger.warning("dropped invalid response header \(name)")
            }
        }
        if draining.load(ordering: .relaxed) {
            _ = MHD_add_response_header(mhdResponse, "Connection", "close")
        }
        if let serverName = configuration.serverName { _ = MHD_add_response_header(mhdResponse, "Server", serverName) }
        return MHD_queue_response(connection, UInt32(clamping: response.status.code), mhdResponse)
    }
}
