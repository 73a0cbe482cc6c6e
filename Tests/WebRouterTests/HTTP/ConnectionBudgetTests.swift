import Foundation
import Logging
import Testing
@testable import WebRouter
@testable import WebRouterHTTP
import WebRouterTesting

#if canImport(Glibc)
import Glibc
#endif

/// Issue 47: the connection limit follows the machine (its open files and memory) rather than
/// a fixed 1,024, so a launch's ten thousand live pages fit where the descriptors allow.
@Suite struct ConnectionBudgetTests {
    @Test func theLimitIsTheDescriptorsLessTheServersOwnWhenMemoryIsAmple() {
        let budget = ConnectionBudget(descriptors: 20_000, memory: 8 << 30)
        #expect(budget.connectionLimit(memoryPerConnection: 16 * 1024) == 19_872)
        #expect(ConnectionBudget(descriptors: 1024, memory: 8 << 30).connectionLimit(memoryPerConnection: 16 * 1024) == 896)
    }

    @Test func theLimitIsWhatAQuarterOfTheMemoryHoldsWhenDescriptorsAreAmple() {
        // 512 MiB: a quarter is 128 MiB, at 16 KiB of pool + 8 KiB a connection.
        let budget = ConnectionBudget(descriptors: 1_048_576, memory: 512 << 20)
        #expect(budget.connectionLimit(memoryPerConnection: 16 * 1024) == (128 << 20) / (24 * 1024))
        // A larger pool per connection holds fewer.
        #expect(budget.connectionLimit(memoryPerConnection: 56 * 1024) == (128 << 20) / (64 * 1024))
    }

    @Test func aTinyMachineStillGetsAFewConnections() {
        let budget = ConnectionBudget(descriptors: 100, memory: 1 << 20)
        #expect(budget.connectionLimit(memoryPerConnection: 16 * 1024) == ConnectionBudget.minimumConnections)
    }

    @Test func theDefaultLimitIsTheMachinesAndStartingRaisesTheOpenFileLimitToIt() async throws {
        let configuration = ServerConfiguration(port: 0)
        #expect(configuration.connectionLimit == ConnectionBudget.machine.connectionLimit(memoryPerConnection: 16 * 1024))
        var quiet = Logger(label: "budget")
        quiet.logLevel = .critical
        let server = HTTPServer(configuration: configuration, logger: quiet, accessLogger: quiet) { _ in .text("ok") }
        try server.start()
        var files = rlimit()
        #expect(getrlimit(Int32(RLIMIT_NOFILE.rawValue), &files) == 0)
        #expect(Int(clamping: files.rlim_cur) >= ConnectionBudget.machine.descriptors)
        await server.stop()
    }

    @Test func eventStreamsKeepHalfTheConnectionsForPagesUpTo4096() {
        #expect(Application.streamBudget(connectionLimit: 1024) == 512)
        #expect(Application.streamBudget(connectionLimit: 19_872) == 15_776)
        // 10,000 live pages fit a server whose hard limit is 20,000 open files.
        let limit = ConnectionBudget(descriptors: 20_000, memory: 8 << 30).connectionLimit(memoryPerConnection: 16 * 1024)
        #expect(Application.streamBudget(connectionLimit: limit) >= 10_000)
    }

    /// More than 1,024 streams at once on a server with the default limit, where the machine's
    /// open files allow them (the client's 1,100 sockets and the server's share this process).
    @Test(.enabled(if: ConnectionBudget.machine.descriptors >= 4096))
    func moreThan1024StreamsAreHeldAtOnceByDefault() async throws {
        var configuration = ServerConfiguration(port: 0)
        configuration.threadCount = 1
        configuration.connectionsPerClient = 0
        var quiet = Logger(label: "budget")
        quiet.logLevel = .critical
        let server = HTTPServer(configuration: configuration, logger: quiet, accessLogger: quiet) { _ in
            let stream = ResponseStream()
            stream.write("open\n")
            return HTTPResponse(headers: ["Content-Type": "text/plain"], stream: stream)
        }
        try server.start()
        let port = server.port
        let count = 1100
        let answered = try await onOwnThread {
            var sockets: [AttackSocket] = []
            var opened = 0
            for _ in 0..<count {
                let socket = try AttackSocket(port: port, from: "127.0.0.1", timeoutMilliseconds: 10_000)
                socket.send("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n")
                var buffer = [UInt8](repeating: 0, count: 512)
                var text = ""
                while !text.contains("open") {
                    let read = buffer.withUnsafeMutableBytes { recv(socket.fd, $0.baseAddress, $0.count, 0) }
                    guard read > 0 else { break }
                    text += String(decoding: buffer[0..<read], as: UTF8.self)
                }
                if text.hasPrefix("HTTP/1.1 200"), text.contains("open") { opened += 1 }
                sockets.append(socket)
            }
            return (opened, sockets)
        }
        #expect(answered.0 == count)
        #expect(server.openStreamCount == count)
        await server.stop()
        _ = answered.1
    }
}
