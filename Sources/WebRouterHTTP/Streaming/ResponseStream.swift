/// A response body the app writes over time, sent as it comes (chunked), for as long as the
/// connection stays open: Server-Sent Events, a long export, a log tail.
///
/// The server holds no thread for an open stream: while nothing is buffered its connection is
/// suspended (libmicrohttpd's callback response with suspend/resume), and each `write(_:)`
/// wakes it. The stream ends when the app calls ``finish()``, when the client goes away, or
/// when the server stops (`HTTPServer.stop()` finishes every open stream); ``onClose(_:)``
/// learns which, once.
/// ```swift
/// let stream = ResponseStream()
/// Task {
///     for await price in prices {
///         guard stream.write("\(price)\n") else { break }   // false: the client left
///     }
///     stream.finish()
/// }
/// return HTTPResponse(headers: ["Content-Type": "text/plain"], stream: stream)
/// ```
public final class ResponseStream: Sendable {
    /// Why a stream ended.
    public enum End: Sendable, Equatable {
        /// The app called ``ResponseStream/finish()`` (or the server stopped and finished it).
        case finished
        /// The client went away, or fell so far behind that its buffer passed the limit.
        case closed
    }

    struct State {
        var buffer: [UInt8] = []
        var readOffset = 0
        var finished = false
        var end: End?
        /// The reader is parked (its connection suspended) until the next write.
        var readerWaiting = false
        /// Wakes the parked reader (resumes the connection), set by the transport.
        var waker: (@Sendable () -> Void)?
        var asyncReader: CheckedContinuation<Void, Never>?
        var closeHandlers: [@Sendable (End) -> Void] = []
        /// The bytes the transport holds unsent (the socket's send queue), set by the transport.
        var transportQueue: (@Sendable () -> Int)?
        /// Writers waiting for the buffer to empty (``drained()``).
        var drainWaiters: [CheckedContinuation<Void, Never>] = []
    }

    let state = Locked(State())
    /// Bytes a client may leave unread before it is dropped.
    public let bufferLimit: Int

    /// A stream with nothing written yet.
    /// - Parameter bufferLimit: the bytes a slow client may leave unread before the stream is
    ///   closed on it (the writer then sees `false`).
    /// ```swift
    /// let stream = ResponseStream(bufferLimit: 64 * 1024)
    /// ```
    public init(bufferLimit: Int = 256 * 1024) {
        self.bufferLimit = bufferLimit
    }

    /// Queues `bytes` to be sent; `false` when the stream has ended (nothing is queued).
    /// ```swift
    /// stream.write(Array("data: 1\n\n".utf8))
    /// ```
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        var overflowed = false
        let wake: (@Sendable () -> Void)? = state.withLock { state in
            guard !state.finished, state.end == nil else { return nil }
            // What the client has not taken: this buffer, and what the socket still holds.
            let queued = state.transportQueue?() ?? 0
            if state.buffer.count - state.readOffset + queued + bytes.count > bufferLimit {
                overflowed = true
                return nil
            }
            state.buffer.append(contentsOf: bytes)
            return Self.takeWaker(&state)
        }
        if overflowed {
            close(.closed)
            return false
        }
        guard let wake else { return state.withLock { $0.end == nil && !$0.finished } }
        wake()
        return true
    }

    /// Queues `text` as UTF-8; `false` when the stream has ended.
    /// ```swift
    /// stream.write(": heartbeat\n\n")
    /// ```
    @discardableResult
    public func write(_ text: String) -> Bool {
        write(Array(text.utf8))
    }

    /// Ends the stream once what is queued has been sent. Idempotent.
    /// ```swift
    /// stream.finish()
    /// ```
    public func finish() {
        let wake: (@Sendable () -> Void)? = state.withLock { state in
            guard !state.finished, state.end == nil else { return nil }
            state.finished = true
            Self.resumeDrainWaiters(&state)
            return Self.takeWaker(&state)
        }
        wake?()
        runCloseHandlers(.finished)
    }

    /// Whether the stream has ended (finished, or the client went away).
    /// ```swift
    /// if stream.isEnded { return }
    /// ```
    public var isEnded: Bool {
        state.withLock { $0.finished || $0.end != nil }
    }

    /// Runs `handler` once when the stream ends, with why; at once if it already has.
    /// ```swift
    /// stream.onClose { end in subscribers.remove(id) }
    /// ```
    public func onClose(_ handler: @escaping @Sendable (End) -> Void) {
        let ended: End? = state.withLock { state in
            if let end = state.end { return end }
            if state.finished { return .finished }
            state.closeHandlers.append(handler)
            return nil
        }
        if let ended { handler(ended) }
    }

    // MARK: - The reading side (the transport)

    /// What ``read(into:park:)`` found.
    package enum ReadResult: Equatable {
        /// This many bytes were copied.
        case bytes(Int)
        /// Nothing is buffered: the reader is parked until the next write.
        case parked
        /// The stream has ended and everything was read.
        case end
    }

    /// How the transport counts what it holds unsent (the socket's send queue), which counts
    /// towards ``bufferLimit`` with the stream's own buffer.
    package func setTransportQueue(_ queue: @escaping @Sendable () -> Int) {
        state.withLock { $0.transportQueue = queue }
    }

    /// Returns once the transport has taken everything written so far, or the stream ended.
    package func drained() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state in
                if state.buffer.count == state.readOffset || state.finished || state.end != nil { return true }
                state.drainWaiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// The waker the transport's reader is resumed with after parking.
    package func setWaker(_ waker: @escaping @Sendable () -> Void) {
        state.withLock { $0.waker = waker }
    }

    /// Copies buffered bytes into `destination`; when nothing is buffered and the stream goes
    /// on, calls `park` (which suspends the connection; `false` when it cannot, which ends the
    /// stream) under the stream's lock, so no write can slip between the check and the park.
    package func read(into destination: UnsafeMutableRawBufferPointer, park: () -> Bool) -> ReadResult {
        state.withLock { state in
            let available = state.buffer.count - state.readOffset
            if available > 0 {
                let count = min(available, destination.count)
                state.buffer.withUnsafeBytes { source in
                    destination.baseAddress!.copyMemory(
                        from: source.baseAddress! + state.readOffset, byteCount: count)
                }
                state.readOffset += count
                if state.readOffset == state.buffer.count {
                    state.buffer.removeAll(keepingCapacity: state.buffer.capacity <= 4096)
                    state.readOffset = 0
                    Self.resumeDrainWaiters(&state)
                }
                return .bytes(count)
            }
            if state.finished || state.end != nil { return .end }
            guard park() else { return .end }
            state.readerWaiting = true
            return .parked
        }
    }

    /// The next bytes written, waiting for them; `nil` once the stream has ended and all was
    /// read. For an in-process client (the test kit), which reads with no socket.
    package func nextChunk() async -> [UInt8]? {
        while true {
            enum Step { case bytes([UInt8]), end, wait }
            let step: Step = state.withLock { state in
                if state.buffer.count > state.readOffset {
                    let bytes = Array(state.buffer[state.readOffset...])
                    state.buffer = []
                    state.readOffset = 0
                    Self.resumeDrainWaiters(&state)
                    return .bytes(bytes)
                }
                return state.finished || state.end != nil ? .end : .wait
            }
            switch step {
            case .bytes(let bytes): return bytes
            case .end: return nil
            case .wait:
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let ready = state.withLock { state in
                        if state.buffer.count > state.readOffset || state.finished || state.end != nil { return true }
                        state.asyncReader = continuation
                        return false
                    }
                    if ready { continuation.resume() }
                }
            }
        }
    }

    /// The reading side is gone (the client disconnected, the server dropped it): the stream
    /// ends as `.closed` unless it had finished. Idempotent.
    package func close(_ end: End = .closed) {
        let (wake, changed): ((@Sendable () -> Void)?, Bool) = state.withLock { state in
            guard state.end == nil else { return (nil, false) }
            state.end = state.finished ? .finished : end
            state.buffer = []
            state.readOffset = 0
            Self.resumeDrainWaiters(&state)
            return (Self.takeWaker(&state), !state.finished)
        }
        wake?()
        if changed { runCloseHandlers(end) }
    }

    /// Wakes the writers waiting in ``drained()``.
    private static func resumeDrainWaiters(_ state: inout State) {
        for waiter in state.drainWaiters { waiter.resume() }
        state.drainWaiters = []
    }

    /// The parked reader's wake-up, taken (it runs once per park).
    private static func takeWaker(_ state: inout State) -> (@Sendable () -> Void)? {
        if let reader = state.asyncReader {
            state.asyncReader = nil
            let waker = state.waker
            let wasWaiting = state.readerWaiting
            state.readerWaiting = false
            return {
                reader.resume()
                if wasWaiting { waker?() }
            }
        }
        guard state.readerWaiting else { return nil }
        state.readerWaiting = false
        return state.waker
    }

    private func runCloseHandlers(_ end: End) {
        let handlers = state.withLock { state in
            let handlers = state.closeHandlers
            state.closeHandlers = []
            return handlers
        }
        for handler in handlers { handler(end) }
    }
}
