import Foundation
public import WebRouter
import WebRouterHTTP

#if canImport(Glibc)
import Glibc
#endif

/// One event of a Server-Sent Events stream, as a browser's `EventSource` splits it: the
/// lines up to a blank line.
/// ```swift
/// let event = try await events.next()
/// #expect(event?.name == "refresh" && event?.data == ["match/12"])
/// ```
public struct ServerSentEvent: Sendable, Equatable {
    /// The `event:` field; `nil` for a block without one (a comment, the `retry:` hint).
    public var name: String?
    /// The `data:` lines, in order.
    public var data: [String] = []
    /// The comment lines (`: heartbeat`), without the colon and space.
    public var comments: [String] = []
    /// The `retry:` hint in milliseconds, when the block has one.
    public var retry: Int?

    /// An event of the given fields, to compare with one read.
    /// ```swift
    /// #expect(try await events.next() == ServerSentEvent(name: "refresh", data: ["scores"]))
    /// ```
    public init(name: String? = nil, data: [String] = [], comments: [String] = [], retry: Int? = nil) {
        self.name = name
        self.data = data
        self.comments = comments
        self.retry = retry
    }
}

/// A page's event stream opened by a test (``TestClient/openEvents(_:)``), in process or
/// over the live server's socket, read one event at a time.
/// ```swift
/// let events = try await client.openEvents("/_webrouter/events?key=scores")
/// app.refresh("scores")
/// #expect(try await events.next(named: "refresh")?.data == ["scores"])
/// events.close()
/// ```
public final class EventStreamClient: @unchecked Sendable {
    /// The status code of the answer (`200`, or `429`/`503` when refused).
    public let status: Int
    /// The answer's header fields.
    public let headers: HTTPHeaders
    private let source: Source
    private var text = ""

    enum Source {
        case inProcess(ResponseStream?)
        case live(LoopbackConnection, ChunkedReader)
    }

    init(status: Int, headers: HTTPHeaders, source: Source) {
        self.status = status
        self.headers = headers
        self.source = source
    }

    /// The next event (comment blocks included); `nil` when the server ended the stream.
    /// ```swift
    /// let hello = try await events.next()   // retry: and `: connected`
    /// ```
    public func next() async throws -> ServerSentEvent? {
        while true {
            if let range = text.range(of: "\n\n") {
                let block = String(text[..<range.lowerBound])
                text.removeSubrange(..<range.upperBound)
                return Self.parse(block)
            }
            guard let more = try await read() else { return nil }
            text += String(decoding: more, as: UTF8.self)
        }
    }

    /// The next event named `name`, skipping comments and others; `nil` if the stream ends first.
    /// ```swift
    /// let refresh = try await events.next(named: "refresh")
    /// ```
    public func next(named name: String) async throws -> ServerSentEvent? {
        while let event = try await next() {
            if event.name == name { return event }
        }
        return nil
    }

    /// Closes the client's end, as a browser closing the tab.
    /// ```swift
    /// events.close()
    /// ```
    public func close() {
        switch source {
        case .inProcess(let stream): stream?.close()
        case .live(let connection, _): shutdown(connection.fd, Int32(SHUT_RDWR))
        }
    }

    private func read() async throws -> [UInt8]? {
        switch source {
        case .inProcess(let stream):
            return await stream?.nextChunk()
        case .live(let connection, let reader):
            return try await onOwnThread { try reader.nextChunk(connection) }
        }
    }

    static func parse(_ block: String) -> ServerSentEvent {
        var event = ServerSentEvent()
        for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(":") {
                event.comments.append(String(line.dropFirst()).trimmingCharacters(in: .whitespaces))
                continue
            }
            let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let field = String(parts[0])
            var value = parts.count > 1 ? String(parts[1]) : ""
            if value.hasPrefix(" ") { value.removeFirst() }
            switch field {
            case "event": event.name = value
            case "data": event.data.append(value)
            case "retry": event.retry = Int(value)
            default: break
            }
        }
        return event
    }
}

/// Reads a chunked body off a loopback connection one chunk at a time.
final class ChunkedReader: @unchecked Sendable {
    var buffer: [UInt8]

    init(leftover: [UInt8]) { buffer = leftover }

    /// The next chunk's bytes; `nil` at the last chunk or the connection's end.
    func nextChunk(_ connection: LoopbackConnection) throws -> [UInt8]? {
        while true {
            if let lineEnd = buffer.firstRange(of: [13, 10]) {
                let sizeText = String(decoding: buffer[..<lineEnd.lowerBound], as: UTF8.self)
                guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16) else {
                    throw LoopbackError(description: "bad chunk size \(sizeText)")
                }
                if size == 0 { return nil }
                let start = lineEnd.upperBound
                if buffer.count >= start + size + 2 {
                    let chunk = Array(buffer[start..<(start + size)])
                    buffer.removeFirst(start + size + 2)
                    return chunk
                }
            }
            guard let more = try connection.receive() else { return nil }
            buffer += more
        }
    }
}

extension TestClient {
    /// Opens an event stream (`/_webrouter/events?key=…`) as a page's script does, with the
    /// client's cookies: in process through the server's pipeline, live over a socket.
    /// ```swift
    /// let page = try await client.get("/feed/match/12")
    /// let events = try await client.openEvents(try #require(page.eventsURL))
    /// ```
    public func openEvents(_ url: String) async throws -> EventStreamClient {
        var headers: HTTPHeaders = [("Host", "127.0.0.1"), ("Accept", "text/event-stream")]
        if let cookie = cookies.header { headers.add(name: "Cookie", value: cookie) }
        switch mode {
        case .inProcess:
            guard let transport else { throw LoopbackError(description: "the in-process transport is missing") }
            let response = await transport.exchange(method: .get, target: url, headers: headers, body: [])
            return EventStreamClient(
                status: response.status.code, headers: response.headers, source: .inProcess(response.stream))
        case .live, .browser:
            guard let port = server?.port else { throw LoopbackError(description: "the live server is not running") }
            var raw = "GET \(url) HTTP/1.1\r\n"
            for header in headers { raw += "\(header.name): \(header.value)\r\n" }
            raw += "\r\n"
            let request = raw
            return try await onOwnThread {
                let connection = try LoopbackConnection(port: port)
                try connection.send(request)
                let (status, headers, leftover) = try connection.readHead()
                return EventStreamClient(
                    status: status, headers: headers, source: .live(connection, ChunkedReader(leftover: leftover)))
            }
        }
    }
}
