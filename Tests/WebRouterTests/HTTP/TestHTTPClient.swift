import Dispatch
import Foundation
import WebRouter

#if canImport(Glibc)
import Glibc
#endif

/// A response read off a raw socket.
struct RawResponse {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
}

struct TestClientError: Error, CustomStringConvertible {
    var description: String
}

/// A blocking loopback HTTP/1.1 connection over POSIX sockets, so tests can send exactly
/// the bytes they want (including malformed requests). Blocking calls run on dispatch
/// threads, never on the Swift concurrency pool the server's handlers use.
final class TestConnection: @unchecked Sendable {
    let fd: Int32
    private var buffer: [UInt8] = []

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestClientError(description: "socket failed") }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
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
            throw TestClientError(description: "connect failed: \(errno)")
        }
    }

    deinit { close(fd) }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { throw TestClientError(description: "send failed: \(errno)") }
            offset += sent
        }
    }

    func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    /// Reads more bytes; `false` at end of stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count < 0 {
            if errno == ECONNRESET { return false }
            throw TestClientError(description: "recv failed: \(errno)")
        }
        if count == 0 { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    /// Reads one response; `bodyless` for answers to HEAD.
    func readResponse(bodyless: Bool = false) throws -> RawResponse {
        let separator: [UInt8] = [13, 10, 13, 10]
        var headerEnd: Int?
        while headerEnd == nil {
            if let found = buffer.firstRange(of: separator) {
                headerEnd = found.lowerBound
            } else if try !fill() {
                throw TestClientError(description: "connection closed before a response")
            }
        }
        guard let headerEnd else { throw TestClientError(description: "no header end") }
        let head = String(decoding: buffer[0..<headerEnd], as: UTF8.self)
        buffer.removeFirst(headerEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw TestClientError(description: "bad status line \(head)")
        }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(
                name: String(line[..<colon]),
                value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var body: [UInt8] = []
        if bodyless || status == 304 || status == 204 || (100..<200).contains(status) {
            // No body.
        } else if let length = headers["Content-Length"].flatMap({ Int($0) }) {
            while buffer.count < length {
                if try !fill() { throw TestClientError(description: "body cut short") }
            }
            body = Array(buffer[0..<length])
            buffer.removeFirst(length)
        } else {
            while try fill() {}
            body = buffer
            buffer = []
        }
        return RawResponse(status: status, headers: headers, body: body)
    }

    /// Whether the peer has closed the connection (reads to end of stream).
    func readsEndOfStream() throws -> Bool {
        while try fill() {}
        return true
    }
}

/// Runs blocking socket work on its own thread, never on the Swift concurrency pool
/// (which also runs the server's handlers).
func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            continuation.resume(with: Result { try work() })
        }
        thread.start()
    }
}

/// Sends one raw request on a fresh connection and reads the response.
func rawRequest(port: Int, _ raw: String, bodyless: Bool = false) async throws -> RawResponse {
    try await rawRequest(port: port, Array(raw.utf8), bodyless: bodyless)
}

func rawRequest(port: Int, _ raw: [UInt8], bodyless: Bool = false) async throws -> RawResponse {
    try await blocking {
        let connection = try TestConnection(port: port)
        try connection.send(raw)
        return try connection.readResponse(bodyless: bodyless)
    }
}

/// A GET (or other bodyless method) with `Connection: close`.
func get(
    port: Int, _ target: String, method: String = "GET", headers: [(String, String)] = []
) async throws -> RawResponse {
    var raw = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    for (name, value) in headers { raw += "\(name): \(value)\r\n" }
    raw += "\r\n"
    return try await rawRequest(port: port, raw, bodyless: method == "HEAD")
}

/// A request with a body and `Content-Length`.
func post(port: Int, _ target: String, contentType: String, body: [UInt8]) async throws -> RawResponse {
    let head =
        "POST \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: \(contentType)\r\n"
        + "Content-Length: \(body.count)\r\n\r\n"
    return try await rawRequest(port: port, Array(head.utf8) + body)
}

/// Starts a server on an OS-picked port with quiet logging.
func startServer(
    _ configure: (inout ServerConfiguration) -> Void = { _ in }, handler: @escaping HTTPHandler
) throws -> HTTPServer {
    var configuration = ServerConfiguration(port: 0)
    configuration.threadCount = 2
    configure(&configuration)
    var quiet = Logger(label: "test.http")
    quiet.logLevel = .error
    var access = Logger(label: "test.access")
    access.logLevel = .error
    let server = HTTPServer(configuration: configuration, logger: quiet, accessLogger: access, handler: handler)
    try server.start()
    return server
}

import Logging
