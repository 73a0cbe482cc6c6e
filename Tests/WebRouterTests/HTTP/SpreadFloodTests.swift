import Foundation
import Logging
import Testing
@testable import WebRouter
@testable import WebRouterHTTP
import WebRouterTesting

#if canImport(Glibc)
import Glibc
#endif

/// Issue 44's floods spread over many addresses, each within its per-address limits: event
/// streams from several addresses, and idle or trickling sockets from several addresses,
/// must not take every connection. Streams get half the connections at most, and near the
/// limit the connections that have waited longest for a request make room for a new one.
///
/// The server is small (32 connections, 8 per address, one thread, a header deadline far
/// longer than the test) so the flood is a few dozen sockets, and no deadline helps.
@Suite struct SpreadFloodTests {
    static let visitor = "127.0.0.200"
    static let attackers = (10..<18).map { "127.0.0.\($0)" }

    static func configuration() -> ServerConfiguration {
        var configuration = ServerConfiguration(port: 0)
        configuration.threadCount = 1
        configuration.connectionLimit = 32
        configuration.connectionsPerClient = 8
        configuration.requestHeaderTimeout = .seconds(120)
        return configuration
    }

    /// Connects from `source`, sends `request`, and reads the first bytes of the answer
    /// ("" when the server closed the connection without one).
    static func open(_ port: Int, from source: String, _ request: String) throws -> (AttackSocket, String) {
        let socket = try AttackSocket(port: port, from: source, timeoutMilliseconds: 5000)
        socket.send(request)
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = buffer.withUnsafeMutableBytes { recv(socket.fd, $0.baseAddress, $0.count, 0) }
        return (socket, count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : "")
    }

    @Test func streamsFromManyAddressesLeaveConnectionsForPages() async throws {
        let app = try LiveApp.make()
        var quiet = Logger(label: "flood")
        quiet.logLevel = .critical
        let server = app.server(for: Self.configuration(), logger: quiet, accessLogger: quiet)
        try server.start()
        // Eight addresses, each opening as many streams as its connection limit allows.
        let flood = try await onOwnThread {
            try Self.attackers.flatMap { address in
                try (0..<8).map { _ in
                    try Self.open(server.port, from: address, "GET /_webrouter/events?key=scores HTTP/1.1\r\nHost: x\r\n\r\n")
                }
            }
        }
        let streams = flood.filter { $0.1.hasPrefix("HTTP/1.1 200") }.count
        #expect(streams <= 16, "\(streams) streams: at most half the connections")
        #expect(app.live.streamCount <= 16)
        // A visitor from another address gets its page.
        for _ in 0..<3 {
            let page = try await AttackSocket.get(port: server.port, "/", from: Self.visitor)
            #expect(page.status == 200 || page.status == 302 || page.status == 303, "\(page.status)")
        }
        _ = flood
        await server.stop()
    }

    @Test func idleSocketsFromManyAddressesMakeRoomForAVisitor() async throws {
        let server = try startServer({ $0 = Self.configuration() }, handler: echoHandler)
        // Every address holds its eight connections with half a request line: 64 tries at 32 places.
        let flood = try await onOwnThread {
            try Self.attackers.flatMap { address in
                try (0..<8).map { _ -> AttackSocket in
                    let socket = try AttackSocket(port: server.port, from: address, timeoutMilliseconds: 100)
                    socket.send("GET /wel")
                    return socket
                }
            }
        }
        for _ in 0..<3 {
            let page = try await AttackSocket.get(port: server.port, "/welcome", from: Self.visitor)
            #expect(page.status == 200)
        }
        // The oldest idle ones were shed; a share stays free.
        let open = try await onOwnThread { flood.filter { !$0.isClosedByServer() }.count }
        #expect(open < 32, "\(open) of the flood's connections are open")
        await server.stop()
    }
}
