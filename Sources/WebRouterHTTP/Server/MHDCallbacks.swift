import CMicroHTTPD

#if canImport(Glibc)
import Glibc
#endif

/// The C entry points libmicrohttpd calls. Each recovers the ``HTTPServer`` from `cls`
/// (retained from `start()` until `stop()`) and forwards to it.

/// Called once the request line is read: the raw target becomes the request's context.
let mhdURILog: webrouter_uri_log_callback = { cls, uri, connection in
    guard let cls else { return nil }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    server.inFlight.add(1, ordering: .sequentiallyConsistent)
    let target = uri.map { String(cString: $0) } ?? ""
    // libmicrohttpd 0.9.75 next splits the query into one record per parameter, each taken
    // from the connection's memory pool: a few hundred parameters (2 KB of query) exhaust the
    // pool and the connection closes without an answer. The pipeline reads the query from
    // `target`, so the query libmicrohttpd is about to parse (after the first `?`, which it
    // replaces with a NUL next) is emptied here; the request line's length stays bounded by
    // the pool (`431`/`414` past it).
    if let uri, let question = strchr(uri, Int32(UInt8(ascii: "?"))) {
        UnsafeMutablePointer(mutating: question + 1).pointee = 0
    }
    let clock = connection.flatMap(webrouter_connection_socket_context).map {
        Unmanaged<ConnectionClock>.fromOpaque($0).takeUnretainedValue()
    }
    let context = RequestState(server: server, connection: connection, target: target, start: .now, clock: clock)
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

/// Frees the request's context; runs for completed, failed and aborted requests alike. The
/// connection's next header block is due from now.
let mhdRequestCompleted: MHD_RequestCompletedCallback = { cls, _, contextPointer, _ in
    guard let cls, let contextPointer, let raw = contextPointer.pointee else { return }
    contextPointer.pointee = nil
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    let context = Unmanaged<RequestState>.fromOpaque(raw)
    let state = context.takeUnretainedValue()
    if let clock = state.clock { server.deadlines.awaitHeaders(clock) }
    state.connectionDone()
    if state.wasSuspended { server.forgetSuspended(ObjectIdentifier(state)) }
    context.release()
    if server.inFlight.subtract(1, ordering: .sequentiallyConsistent).newValue == 0 {
        server.releaseDrainWaiters()
    }
}

/// A connection was accepted: refused at once when its client is at its limit
/// (``ClientConnections``).
let mhdAcceptPolicy: MHD_AcceptPolicyCallback = { cls, address, _ in
    guard let cls, let address else { return .YES }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    guard server.clients.admits(address) else { return .NO }
    // Near the limit, the longest-idle connections make room, so a new visitor gets in.
    server.deadlines.shed(keepingBelow: server.sheddingThreshold)
    return .YES
}

/// A TCP connection opened or closed: its ``ConnectionClock`` lives in the connection's
/// socket context in between, and in the server's ``ConnectionDeadlines`` for the sweep.
let mhdNotifyConnection: MHD_NotifyConnectionCallback = { cls, connection, socketContext, code in
    guard let cls, let socketContext else { return }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    switch code.rawValue {
    case 0:  // MHD_CONNECTION_NOTIFY_STARTED
        guard let connection else { return }
        let client = webrouter_connection_client_address(connection).flatMap(server.clients.key(for:))
        let clock = server.deadlines.opened(fd: webrouter_connection_fd(connection), client: client)
        server.clients.opened(client)
        socketContext.pointee = Unmanaged.passRetained(clock).toOpaque()
    default:
        guard let raw = socketContext.pointee else { return }
        socketContext.pointee = nil
        let clock = Unmanaged<ConnectionClock>.fromOpaque(raw)
        server.deadlines.closed(clock.takeUnretainedValue())
        server.clients.closed(clock.takeUnretainedValue().client)
        clock.release()
    }
}

/// Collects request headers in order (into a ``HeaderCollector``).
let mhdCollectHeader: MHD_KeyValueIteratorN = { cls, _, key, keySize, value, valueSize in
    guard let cls, let key else { return .YES }
    let collector = cls.assumingMemoryBound(to: HeaderCollector.self)
    collector.pointee.add(key: key, keySize: keySize, value: value, valueSize: valueSize)
    return .YES
}

/// Releases a response body once libmicrohttpd has sent it.
let mhdReleaseBody: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    Unmanaged<ResponseBody>.fromOpaque(cls).release()
}
