import WebRouterHTML
import WebRouterHTTP
import Foundation
public import WebRouter

#if canImport(Glibc)
import Glibc
#endif

/// A response read off a raw socket.
public struct RawHTTPResponse: Sendable {
    /// The status code of the status line.
    public var status: Int
    /// The header fields, in the order they arrived.
    public var headers: HTTPHeaders
    /// The body bytes: `Content-Length` of them, else all up to the end of the stream.
    public var body: [UInt8]
    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }
}

/// Why a loopback exchange failed.
public struct LoopbackError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, with the errno where there is one (`connect to 127.0.0.1:8080 failed: errno 111`).
    public var description: String
}

/// A blocking HTTP/1.1 connection to a server on 127.0.0.1 over POSIX sockets, so tests can
/// send exactly the bytes they want (malformed requests included).
///
/// ```swift
/// let response = try await LoopbackConnection.exchange(port: port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
/// ```
/// Its blocking calls run on a thread of their own (`LoopbackConnection.exchange(port:_:bodyless:)`),
/// never on the Swift concurrency pool that runs the server's handlers.
public final class LoopbackConnection: @unchecked Sendable {
    let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to `127.0.0.1:port`; a read gives up after `timeoutSeconds` (60 by default: generous, so a loaded machine does not fail a test that waits for an answer).
    public init(port: Int, timeoutSeconds: Int = 60) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw LoopbackError(description: "socket failed") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(fd)
            throw LoopbackError(description: "connect to 127.0.0.1:\(port) failed: errno \(errno)")
        }
    }

    deinit { close(fd) }

    /// Writes `bytes` to the connection as they are (malformed requests included).
    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { throw LoopbackError(description: "send failed: errno \(errno)") }
            offset += sent
        }
    }

    /// Writes `text`'s UTF-8 bytes to the connection.
    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Reads more bytes; `false` at end of stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count < 0 {
            if errno == ECONNRESET { return false }
            throw LoopbackError(description: "recv failed: errno \(errno)")
        }
        if count == 0 { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    /// Reads one response; `bodyless` for answers to HEAD.
    public func readResponse(bodyless: Bool = false) throws -> RawHTTPResponse {
        let separator: [UInt8] = [13, 10, 13, 10]
        var headerEnd: Int?
        while headerEnd == nil {
            if let found = buffer.firstRange(of: separator) {
                headerEnd = found.lowerBound
            } else if try !fill() {
                throw LoopbackError(description: "connection closed before a response")
            }
        }
        guard let headerEnd else { throw LoopbackError(description: "no header end") }
        let head = String(decoding: buffer[0..<headerEnd], as: UTF8.self)
        buffer.removeFirst(headerEnd + 4)
        let (status, headers) = try Self.parseHead(head)
        var body: [UInt8] = []
        if bodyless || status == 304 || status == 204 || (100..<200).contains(status) {
            // No body.
        } else if let length = headers["Content-Length"].flatMap({ Int($0) }) {
            while buffer.count < length {
                if try !fill() { throw LoopbackError(description: "body cut short") }
            }
            body = Array(buffer[0..<length])
            buffer.removeFirst(length)
        } else {
            while try fill() {}
            body = buffer
            buffer = []
        }
        return RawHTTPResponse(status: status, headers: headers, body: body)
    }

    /// The next bytes that arrive; `nil` at the end of the stream.
    func receive() throws -> [UInt8]? {
        guard try fill() else { return nil }
        defer { buffer = [] }
        return buffer
    }

    /// Reads a response's status line and header fields, leaving its body unread: the
    /// status, the fields, and the body bytes already received.
    func readHead() throws -> (status: Int, headers: HTTPHeaders, leftover: [UInt8]) {
        let separator: [UInt8] = [13, 10, 13, 10]
        while buffer.firstRange(of: separator) == nil {
            if try !fill() { throw LoopbackError(description: "connection closed before a response") }
        }
        let end = buffer.firstRange(of: separator)!.lowerBound
        let head = String(decoding: buffer[0..<end], as: UTF8.self)
        let leftover = Array(buffer[(end + 4)...])
        buffer = []
        let (status, headers) = try Self.parseHead(head)
        return (status, headers, leftover)
    }

    /// The status and header fields of a response head (without its blank line).
    private static func parseHead(_ head: String) throws -> (status: Int, headers: HTTPHeaders) {
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw LoopbackError(description: "bad status line \(head)")
        }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(name: String(line[..<colon]),
                        value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return (status, headers)
    }

    /// Reads until the peer closes the connection.
    public func readsEndOfStream() throws -> Bool {
        while try fill() {}
        return true
    }

    /// Sends raw bytes on a fresh connection and reads one response, off the concurrency pool.
    public static func exchange(port: Int, _ raw: [UInt8], bodyless: Bool = false) async throws -> RawHTTPResponse {
        try await onOwnThread {
            let connection = try LoopbackConnection(port: port)
            try connection.send(raw)
            return try connection.readResponse(bodyless: bodyless)
        }
    }

    /// Sends raw text on a fresh connection and reads one response, off the concurrency pool.
    public static func exchange(port: Int, _ raw: String, bodyless: Bool = false) async throws -> RawHTTPResponse {
        try await exchange(port: port, Array(raw.utf8), bodyless: bodyless)
    }

    /// Sends raw bytes on a fresh connection and reads one response, off the concurrency pool,
    /// giving up on a read after `readTimeoutSeconds` (for a peer that may think for long, like
    /// chromedriver loading a page).
    static func exchange(port: Int, _ raw: [UInt8], readTimeoutSeconds: Int) async throws -> RawHTTPResponse {
        try await onOwnThread {
            let connection = try LoopbackConnection(port: port, timeoutSeconds: readTimeoutSeconds)
            try connection.send(raw)
            return try connection.readResponse()
        }
    }
}

/// Runs blocking work on a thread of its own, never on the Swift concurrency pool (which
/// also runs the server's handlers).
public func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try work() }) }
        thread.start()
    }
}
