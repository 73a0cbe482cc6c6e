import CMicroHTTPD

#if canImport(Glibc)
import Glibc
#endif

/// Streamed responses (``ResponseStream``) on libmicrohttpd: a callback response whose reader
/// copies what the app has written, and, when nothing is buffered, suspends the connection
/// until the next write resumes it. No thread waits on an open stream: an idle one is a
/// suspended connection and a few hundred bytes.
extension HTTPServer {
    /// Queues a streamed response on `connection`.
    func queueStream(_ stream: ResponseStream, _ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let reader = StreamReader(server: self, stream: stream, connection: MHDHandle(pointer: connection))
        let retained = Unmanaged.passRetained(reader)
        // The block size is a buffer libmicrohttpd allocates (zeroed) with every response but
        // fills only for a response of known length or an HTTP/1.0 reader; a chunked stream is
        // read straight into the connection's pool. Small, it saves each open stream 3.5 KB.
        guard let mhdResponse = MHD_create_response_from_callback(
            UInt64.max, 512, mhdReadStream, retained.toOpaque(), mhdReleaseStream)
        else {
            retained.release()
            stream.close()
            return .NO
        }
        defer { MHD_destroy_response(mhdResponse) }
        let id = ObjectIdentifier(reader)
        stream.setWaker { [self] in resume(reader.connection, id: id) }
        holdToItsLimit(stream, on: connection)
        let accepted = openStreams.withLock { open -> Bool in
            guard !draining.load(ordering: .relaxed) else { return false }
            open[id] = stream
            return true
        }
        // A stream that starts while the server stops ends at once (after what is queued).
        if !accepted { stream.finish() }
        for (name, value) in response.headers where !HTTPHeaders.equalCaseInsensitive(name, "Content-Length") {
            let added = name.withCString { name in
                value.withCString { value in MHD_add_response_header(mhdResponse, name, value) }
            }
            if added == .NO { logger.warning("dropped invalid response header \(name)") }
        }
        if let serverName = configuration.serverName { _ = MHD_add_response_header(mhdResponse, "Server", serverName) }
        return MHD_queue_response(connection, UInt32(clamping: response.status.code), mhdResponse)
    }

    /// Back-pressure that holds: what the socket still holds unsent counts towards the
    /// stream's ``ResponseStream/bufferLimit`` with its own buffer (`SIOCOUTQ`), and the
    /// socket's send buffer is fixed (the kernel would otherwise grow it for a reader that
    /// never reads, megabytes per stream). A stream dropped for passing its limit has its
    /// connection cut at the next sweep, so its slot is freed at once rather than when the
    /// idle timeout notices.
    private func holdToItsLimit(_ stream: ResponseStream, on connection: OpaquePointer) {
        let fd = webrouter_connection_fd(connection)
        guard fd >= 0 else { return }
        // Room for more than the limit, so the count, not the kernel, decides.
        var size = Int32(clamping: min(max(stream.bufferLimit * 2, 16_384), 4 << 20))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        stream.setTransportQueue { Int(webrouter_socket_unsent(fd)) }
        guard let raw = webrouter_connection_socket_context(connection) else { return }
        let clock = Unmanaged<ConnectionClock>.fromOpaque(raw).takeUnretainedValue()
        stream.onClose { [deadlines] end in
            if end == .closed { deadlines.cutSoon(clock) }
        }
    }

    /// Suspends a stream's connection while nothing is buffered; `false` once the server is
    /// being torn down (the stream then ends).
    func park(_ connection: MHDHandle, id: ObjectIdentifier) -> Bool {
        resumeGate.withLock { gate in
            guard !gate.stopped else { return false }
            MHD_suspend_connection(connection.pointer)
            gate.suspended[id] = connection
            return true
        }
    }

    /// Ends every open stream (``stop()``): each sends what it has queued, then its last chunk.
    func finishOpenStreams() {
        let streams = openStreams.withLock { Array($0.values) }
        for stream in streams { stream.finish() }
    }

    /// The number of streamed responses being sent (for tests and load figures).
    public var openStreamCount: Int {
        openStreams.withLock { $0.count }
    }
}

/// What libmicrohttpd's content reader needs for one streamed response; released by
/// ``mhdReleaseStream`` when the response is done with (sent, or the client went away).
final class StreamReader: @unchecked Sendable {
    let server: HTTPServer
    let stream: ResponseStream
    let connection: MHDHandle

    init(server: HTTPServer, stream: ResponseStream, connection: MHDHandle) {
        self.server = server
        self.stream = stream
        self.connection = connection
    }
}

/// libmicrohttpd asks for the next bytes of a streamed response: what is buffered, or `0`
/// with the connection suspended, or the end of the stream (`-1`).
let mhdReadStream: MHD_ContentReaderCallback = { cls, _, buffer, max in
    guard let cls, let buffer else { return -1 }
    let reader = Unmanaged<StreamReader>.fromOpaque(cls).takeUnretainedValue()
    let id = ObjectIdentifier(reader)
    let result = reader.stream.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: max)) {
        reader.server.park(reader.connection, id: id)
    }
    switch result {
    case .bytes(let count): return count
    case .parked: return 0
    case .end: return -1  // MHD_CONTENT_READER_END_OF_STREAM
    }
}

/// A streamed response is done with: the stream ends (`.closed` if the app had not finished
/// it, the client having gone away) and leaves the server's open streams.
let mhdReleaseStream: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    let reader = Unmanaged<StreamReader>.fromOpaque(cls).takeRetainedValue()
    let id = ObjectIdentifier(reader)
    reader.server.openStreams.withLock { _ = $0.removeValue(forKey: id) }
    reader.stream.close()
}
