import CMicroHTTPD

/// The C entry points libmicrohttpd calls. Each recovers the ``HTTPServer`` from `cls`
/// (retained from `start()` until `stop()`) and forwards to it.

/// Called once the request line is read: the raw target becomes the request's context.
let mhdURILog: webrouter_uri_log_callback = { cls, uri, _ in
    guard let cls else { return nil }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    server.inFlight.add(1, ordering: .sequentiallyConsistent)
    let target = uri.map { String(cString: $0) } ?? ""
    let context = RequestState(target: target, start: .now)
    return Unmanaged.passRetained(context).toOpaque()
}

let mhdAccessHandler: MHD_AccessHandlerCallback = {
    cls, connection, _, method, version, uploadData, uploadDataSize, contextPointer in
    guard let cls, let connection, let contextPointer, let uploadDataSize,
        let raw = contextPointer.pointee
    else { return .NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    let context = Unmanaged<RequestState>.fromOpaque(raw).takeUnretainedValue()
    return server.access(
        connection: connection, context: context, method: method, version: version, uploadData: uploadData,
        uploadDataSize: uploadDataSize)
}

/// Frees the request's context; runs for completed, failed and aborted requests alike.
let mhdRequestCompleted: MHD_RequestCompletedCallback = { cls, _, contextPointer, _ in
    guard let cls, let contextPointer, let raw = contextPointer.pointee else { return }
    contextPointer.pointee = nil
    Unmanaged<RequestState>.fromOpaque(raw).release()
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    if server.inFlight.subtract(1, ordering: .sequentiallyConsistent).newValue == 0 {
        server.releaseDrainWaiters()
    }
}

/// Collects request headers in order.
let mhdCollectHeader: MHD_KeyValueIteratorN = { cls, _, key, keySize, value, valueSize in
    guard let cls, let key else { return .YES }
    let headers = cls.assumingMemoryBound(to: HTTPHeaders.self)
    let name = String(decoding: UnsafeRawBufferPointer(start: key, count: keySize), as: UTF8.self)
    let text = value.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: valueSize), as: UTF8.self) } ?? ""
    headers.pointee.add(name: name, value: text)
    return .YES
}

/// Releases a response body once libmicrohttpd has sent it.
let mhdReleaseBody: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    Unmanaged<ResponseBody>.fromOpaque(cls).release()
}
