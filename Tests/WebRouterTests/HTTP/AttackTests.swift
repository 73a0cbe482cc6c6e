import Foundation
import Testing
@testable import WebRouterHTTP
import WebRouterTesting

#if canImport(Glibc)
import Glibc
#endif

/// What an attacker on the same network tries against the server's connections and request
/// framing (issue 33), on loopback: floods of idle and trickling connections from one address
/// while a client from another address is served, a trickler past the header deadline, a body
/// below the minimum rate, an endless chunked body, `Content-Length` with `Transfer-Encoding`,
/// and `OPTIONS *`.
///
/// The server is configured small (tens of sockets, a one-second header deadline) so each test
/// holds few sockets and ends in seconds. Every wait is bounded (a socket's receive timeout,
/// a number of rounds), and the tests assert outcomes — served or not, closed or not — never
/// how long something took.
@Suite struct AttackTests {
    /// The attackers' address and the normal client's: all of 127/8 is loopback.
    static let attacker = "127.0.0.1"
    static let visitor = "127.0.0.2"

    /// A server whose limits a test can reach with a few dozen sockets.
    static func smallServer(_ configure: (inout ServerConfiguration) -> Void = { _ in }) throws -> HTTPServer {
        try startServer({ configuration in
            configuration.connectionLimit = 32
            configuration.connectionsPerClient = 8
            configuration.requestHeaderTimeout = .seconds(1)
            configure(&configuration)
        }, handler: echoHandler)
    }

    @Test func anIdleFloodFromOneAddressLeavesAnotherServed() async throws {
        let server = try Self.smallServer()
        // More sockets than the whole server takes, each with half a request line.
        let flood = try await onOwnThread {
            try (0..<48).map { _ in
                let socket = try AttackSocket(port: server.port, from: Self.attacker)
                socket.send("GET /wel")
                return socket
            }
        }
        for _ in 0..<3 {
            let response = try await AttackSocket.get(port: server.port, "/welcome", from: Self.visitor)
            #expect(response.status == 200)
        }
        // The flood holds at most its address's share.
        let open = try await onOwnThread { flood.filter { !$0.isClosedByServer() }.count }
        #expect(open <= 8, "\(open) of the flood's connections are open")
        await server.stop()
    }

    @Test func aTricklingFloodFromOneAddressLeavesAnotherServedAndIsCut() async throws {
        let server = try Self.smallServer()
        let flood = try await onOwnThread {
            try (0..<48).map { _ in
                let socket = try AttackSocket(port: server.port, from: Self.attacker, timeoutMilliseconds: 100)
                socket.send("GET /")
                return socket
            }
        }
        // One byte per socket per round; a round waits (at most 100 ms) for the server to close one.
        var served = 0
        for round in 0..<40 {
            let open = try await onOwnThread { () -> [AttackSocket] in
                let open = flood.filter { !$0.isClosedByServer() }
                for socket in open { socket.send("x") }
                open.first?.waitForClose()
                return open
            }
            if round % 8 == 0 {
                let response = try await AttackSocket.get(port: server.port, "/welcome", from: Self.visitor)
                #expect(response.status == 200, "round \(round), \(open.count) trickling")
                served += 1
            }
            if open.isEmpty { break }
        }
        #expect(served >= 1)
        // Trickling did not extend the header deadline: the server closed every one.
        let stillOpen = try await onOwnThread { flood.filter { !$0.isClosedByServer() }.count }
        #expect(stillOpen == 0, "\(stillOpen) trickling connections are still open")
        let after = try await AttackSocket.get(port: server.port, "/welcome", from: Self.visitor)
        #expect(after.status == 200)
        await server.stop()
    }

    @Test func theHeaderDeadlineClosesATrickler() async throws {
        let server = try Self.smallServer()
        let closed = try await onOwnThread {
            let socket = try AttackSocket(port: server.port, from: Self.attacker, timeoutMilliseconds: 100)
            socket.send("GET /")
            // Far longer than the deadline (1 s) and shorter than the idle timeout (30 s).
            for _ in 0..<150 {
                socket.send("x")
                if socket.waitForClose() { return true }
            }
            return false
        }
        #expect(closed, "a trickling header block kept its connection")
        await server.stop()
    }

    /// The next request's header block is due from the end of the previous response: a
    /// keep-alive connection is served, then closed once idle past the deadline.
    @Test func aKeepAliveConnectionIsServedThenClosedPastTheHeaderDeadline() async throws {
        let server = try Self.smallServer()
        let (first, second, closed) = try await onOwnThread {
            let connection = try LoopbackConnection(port: server.port, timeoutSeconds: 30)
            try connection.send("GET /one HTTP/1.1\r\nHost: x\r\n\r\n")
            let first = try connection.readResponse()
            try connection.send("GET /two HTTP/1.1\r\nHost: x\r\n\r\n")
            let second = try connection.readResponse()
            // Well within the 30 s receive timeout, the 1 s deadline closes the idle connection.
            return (first, second, try connection.readsEndOfStream())
        }
        #expect(first.status == 200)
        #expect(second.text.hasPrefix("GET /two"))
        #expect(closed)
        await server.stop()
    }

    @Test func aBodyBelowTheMinimumRateIsCut() async throws {
        let server = try Self.smallServer {
            $0.requestBodyGracePeriod = .milliseconds(500)
            $0.minimumBodyRate = 1000
        }
        let closed = try await onOwnThread {
            let socket = try AttackSocket(port: server.port, from: Self.attacker, timeoutMilliseconds: 100)
            socket.send(
                "POST /form HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                    + "Content-Length: 100000\r\n\r\na=")
            // About ten bytes a second, a hundredth of the rate.
            for _ in 0..<150 {
                socket.send("b")
                if socket.waitForClose() { return true }
            }
            return false
        }
        #expect(closed, "a body trickling below the minimum rate kept its connection")
        // A body sent at once is still read.
        let response = try await post(
            port: server.port, "/form", contentType: "application/x-www-form-urlencoded", body: Array("a=b".utf8))
        #expect(response.status == 200)
        await server.stop()
    }

    @Test func aChunkedBodyPastTheLimitIsAnswered413AtOnce() async throws {
        let server = try Self.smallServer { $0.maxBodySize = 1000 }
        let (response, ended) = try await onOwnThread {
            let connection = try LoopbackConnection(port: server.port, timeoutSeconds: 30)
            // Four times the limit, and the body does not end: the answer cannot wait for its end.
            var raw = "POST /form HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n"
            for _ in 0..<4 { raw += "3e8\r\n" + String(repeating: "a", count: 1000) + "\r\n" }
            try connection.send(raw)
            return (try connection.readResponse(), try connection.readsEndOfStream())
        }
        #expect(response.status == 413)
        #expect(response.text.contains("<title>"), "the 413 has a page")
        #expect(response.headers["Connection"] == "close")
        #expect(ended)
        let next = try await get(port: server.port, "/still/alive")
        #expect(next.status == 200)
        await server.stop()
    }

    @Test func contentLengthWithTransferEncodingIs400AndClosesTheConnection() async throws {
        let server = try Self.smallServer()
        let (response, ended) = try await onOwnThread {
            let connection = try LoopbackConnection(port: server.port, timeoutSeconds: 30)
            // No `Connection: close`: the server must close it itself (RFC 9112 §6.1).
            try connection.send(
                "POST /form HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                    + "Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n3\r\na=b\r\n0\r\n\r\n")
            return (try connection.readResponse(), try connection.readsEndOfStream())
        }
        #expect(response.status == 400)
        #expect(response.text.contains("Content-Length and Transfer-Encoding"))
        #expect(response.headers["Connection"] == "close")
        #expect(ended)
        await server.stop()
    }

    @Test func aTransferEncodingNotEndingInChunkedIs400AndClosesTheConnection() async throws {
        let server = try Self.smallServer()
        let (response, ended) = try await onOwnThread {
            let connection = try LoopbackConnection(port: server.port, timeoutSeconds: 30)
            // Its body would run to the connection's end (RFC 9112 §6.1).
            try connection.send(
                "POST /form HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                    + "Transfer-Encoding: gzip\r\n\r\na=b")
            return (try connection.readResponse(), try connection.readsEndOfStream())
        }
        #expect(response.status == 400)
        #expect(response.headers["Connection"] == "close")
        #expect(ended)
        await server.stop()
    }

    /// Issue 44: `gzip, chunked` got no answer (closed after the header deadline); RFC 9112
    /// §6.1 answers a transfer coding the server does not implement with `501`.
    @Test func anUnknownTransferCodingIs501AndClosesTheConnection() async throws {
        let server = try Self.smallServer { $0.requestHeaderTimeout = .seconds(30) }
        let (response, ended) = try await onOwnThread {
            let connection = try LoopbackConnection(port: server.port, timeoutSeconds: 5)
            try connection.send(
                "POST /form HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                    + "Transfer-Encoding: gzip, chunked\r\n\r\n3\r\na=b\r\n0\r\n\r\n")
            return (try connection.readResponse(), try connection.readsEndOfStream())
        }
        #expect(response.status == 501)
        #expect(response.text.contains("<title>"), "the 501 has a page")
        #expect(response.headers["Connection"] == "close")
        #expect(ended)
        #expect(try await get(port: server.port, "/still/alive").status == 200)
        await server.stop()
    }

    @Test func optionsAsteriskListsTheServersMethods() async throws {
        let server = try Self.smallServer()
        let response = try await rawRequest(port: server.port, "OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(response.status == 204)
        #expect(response.headers["Allow"] == "GET, HEAD, POST, OPTIONS")
        #expect(response.body.isEmpty)
        await server.stop()
    }
}

/// A raw client socket bound to a chosen loopback source address, for the floods.
final class AttackSocket: @unchecked Sendable {
    let fd: Int32

    /// Connects from `source` to `127.0.0.1:port`; a read gives up after `timeoutMilliseconds`.
    init(port: Int, from source: String, timeoutMilliseconds: Int = 5000) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw AttackError("socket failed: errno \(errno)") }
        var timeout = timeval(tv_sec: timeoutMilliseconds / 1000, tv_usec: Int(timeoutMilliseconds % 1000) * 1000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = in_port_t(UInt16(port).bigEndian)
        remote.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, connected == 0 else {
            let error = errno
            close(fd)
            throw AttackError("connect from \(source) to port \(port) failed: errno \(error)")
        }
    }

    deinit { close(fd) }

    /// Sends `text`, ignoring failure (the server may have closed the connection).
    func send(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Whether the server has closed the connection, without waiting.
    func isClosedByServer() -> Bool {
        var byte: UInt8 = 0
        let count = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }

    /// Waits for the server to close the connection, at most the receive timeout; whether it did.
    @discardableResult
    func waitForClose() -> Bool {
        var byte: UInt8 = 0
        let count = recv(fd, &byte, 1, Int32(MSG_PEEK))
        return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }

    /// Reads everything up to the end of the stream (or the receive timeout).
    func readToEnd() throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == ECONNRESET { return bytes }
                throw AttackError("no answer (recv: errno \(errno))")
            }
            bytes += chunk[0..<count]
        }
    }

    /// A normal client's `GET` from `source`, with `Connection: close`: the status it got.
    static func get(port: Int, _ target: String, from source: String) async throws -> (status: Int, bytes: Int) {
        try await onOwnThread {
            let socket = try AttackSocket(port: port, from: source)
            socket.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            let reply = try socket.readToEnd()
            let statusLine = String(decoding: reply.prefix { $0 != 13 }, as: UTF8.self).split(separator: " ")
            guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
                throw AttackError("no status line in \(reply.count) bytes")
            }
            return (status, reply.count)
        }
    }
}

/// Why an attack socket failed.
struct AttackError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
