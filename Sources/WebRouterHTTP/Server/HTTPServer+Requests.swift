import CMicroHTTPD

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
        case .body, .discarding:
            if uploadDataSize.pointee > 0 {
                return receiveBody(context: context, uploadData: uploadData, size: uploadDataSize)
            }
            return startPipeline(connection: connection, context: context, method: method, version: version)
        case .handling:
            // The call after the pipeline's task resumed the connection (or a spurious one);
            // a body still arriving after an early answer is dropped.
            uploadDataSize.pointee = 0
            guard let response = context.takeResponse() else { return .YES }
            return queue(response, on: connection)
        }
    }

    /// The first call: the headers are in. A declared body over the limit is answered at
    /// once, without reading it.
    private func acceptHeaders(
        connection: OpaquePointer, context: RequestState, method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?
    ) -> MHD_Result {
        context.phase = .body
        if let lengthText = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length") {
            let length = Int(String(cString: lengthText)) ?? -1
            if length > configuration.maxBodySize {
                context.phase = .discarding
                return startPipeline(connection: connection, context: context, method: method, version: version)
            }
            if length > 0 { context.body.reserveCapacity(length) }
        }
        return .YES
    }

    /// A piece of the body: kept while under the limit, then discarded (the pipeline answers
    /// `413` once the body is complete).
    private func receiveBody(context: RequestState, uploadData: UnsafePointer<CChar>?, size pointer: UnsafeMutablePointer<Int>) -> MHD_Result {
        let size = pointer.pointee
        pointer.pointee = 0
        if context.phase == .body, context.body.count + size <= configuration.maxBodySize, let uploadData {
            uploadData.withMemoryRebound(to: UInt8.self, capacity: size) {
                context.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size))
            }
            return .YES
        }
        if context.phase == .body {
            context.phase = .discarding
            context.body = []
        }
        context.discardedBytes += size
        // A client that keeps streaming far past the limit loses its connection.
        return context.discardedBytes > 4 * max(configuration.maxBodySize, 1 << 16) ? .NO : .YES
    }

    /// The request is read (or refused by its size): run the pipeline, queued right here when
    /// it finishes without suspending.
    private func startPipeline(
        connection: OpaquePointer, context: RequestState, method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?
    ) -> MHD_Result {
        var headers = HTTPHeaders()
        // Counted first (a null iterator only counts), so the list is allocated once: a
        // browser's dozen headers otherwise grew it four or five times.
        headers.reserveCapacity(Int(MHD_get_connection_values_n(connection, .HEADER_KIND, nil, nil)))
        withUnsafeMutablePointer(to: &headers) { pointer in
            _ = MHD_get_connection_values_n(connection, .HEADER_KIND, mhdCollectHeader, pointer)
        }
        let incoming = IncomingRequest(
            method: method.map { String(cString: $0) } ?? "GET", target: context.target,
            isHTTP11: version.map { strcmp($0, "HTTP/1.1") == 0 } ?? false, headers: headers, body: context.body,
            bodyTooLarge: context.phase == .discarding,
            remoteAddress: webrouter_connection_client_address(connection).flatMap(ListenSocket.numericHost),
            start: context.start)
        context.body = []
        context.phase = .handling
        let handle = MHDHandle(pointer: connection)
        let pipeline = self.pipeline
        // The pipeline starts on this thread and usually finishes without suspending: its
        // response is then queued right here, with no thread hop and no suspend/resume.
        // One that does suspend finishes elsewhere and resumes the connection.
        let id = ObjectIdentifier(context)
        Task.immediate { [self] in
            let response = await pipeline.respond(to: incoming)
            if context.finish(with: response) { resume(handle, id: id) }
        }
        guard let response = context.suspendUnlessFinished({
            MHD_suspend_connection(connection)
            resumeGate.withLock { $0.suspended[id] = handle }
        }, resume: {
            resume(handle, id: id)
        }) else {
            return .YES
        }
        return queue(response, on: connection)
    }

    /// Wakes a suspended connection unless the daemon is already being torn down.
    private func resume(_ connection: MHDHandle, id: ObjectIdentifier) {
        resumeGate.withLock { gate in
            guard !gate.stopped, gate.suspended.removeValue(forKey: id) != nil else { return }
            MHD_resume_connection(connection.pointer)
        }
    }

    /// Hands a response to libmicrohttpd, sending straight from the body's bytes; it frames
    /// it (`Content-Length`, `Date`, `Connection`).
    private func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
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
        return MHD_queue_response(connection, UInt32(clamping: response.status.code), mhdResponse)
    }
}
