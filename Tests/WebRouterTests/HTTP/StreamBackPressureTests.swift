import Foundation
import Testing
@_spi(WebRouterInternals) @testable import WebRouterHTTP
import WebRouterTesting

#if canImport(Glibc)
import Glibc
#endif

/// Issue 44: a stream whose reader does not read grew the socket's kernel send queue instead
/// of its own buffer, so its limit never applied and its slot was never freed. What the
/// socket holds unsent now counts towards the limit, and the dropped stream's connection is
/// cut.
@Suite struct StreamBackPressureTests {
    @Test func aStreamWhoseReaderDoesNotReadIsDroppedAndItsConnectionCut() async throws {
        let (opened, continuation) = AsyncStream<ResponseStream>.makeStream()
        let server = try startServer({ $0.requestHeaderTimeout = .seconds(1) }) { _ in
            let stream = ResponseStream(bufferLimit: 64 * 1024)
            continuation.yield(stream)
            return HTTPResponse(headers: ["Content-Type": "text/event-stream"], stream: stream)
        }
        // A client with a small receive buffer that reads nothing after the request.
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(client) }
        var small: Int32 = 4096
        setsockopt(client, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(server.port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0)
        let request = Array("GET /events HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var streams = opened.makeAsyncIterator()
        let stream = try #require(await streams.next())

        // Events written as a live page's are: the next one once the server has taken the last
        // (looked at every 5 ms), and at least every 50 ms while it has not. On a thread of its
        // own: in the whole suite the cooperative pool is too busy to pace it.
        let event = Array(repeating: UInt8(ascii: "x"), count: 4096)
        let outcome: Int? = try await onOwnThread {
            // A bound on the wait, not a timing assertion: the old code never dropped it.
            let deadline = Date().addingTimeInterval(60)
            var total = 0
            while total < 64 << 20 && Date() < deadline {
                guard stream.write(event) else { return total }
                total += event.count
                for _ in 0..<10 where stream.state.withLock({ $0.buffer.count > $0.readOffset }) {
                    usleep(5_000)
                }
            }
            return nil
        }
        let written = try #require(outcome, "the stream was never dropped: the kernel's send queue took everything")
        #expect(stream.isEnded)
        #expect(written < 512 * 1024, "\(written) bytes accepted for a reader that reads nothing")
        // The slot is freed: the server closes the connection (after what the client had received).
        let ended = try await onOwnThread {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
                if count == 0 || (count < 0 && errno == ECONNRESET) { return true }
                if count < 0 { return false }
            }
        }
        #expect(ended, "the dropped stream's connection stayed open")
        await server.stop()
    }
}
