#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP

/// The client address a request reports (`HTTPRequest.remoteAddress`).
@Suite struct ListenSocketTests {
    /// IPv4 addresses are written by hand, not by `inet_ntop`: the text must be the same.
    @Test func ipv4AddressesReadAsInetNtopWritesThem() {
        var generator = SystemRandomNumberGenerator()
        let edges: [UInt32] = [0, 1, 9, 10, 99, 100, 255, 0x7F00_0001, 0x0A00_00FF, 0xC0A8_640A, 0xFFFF_FFFF]
        for address in edges + (0..<2_000).map({ _ in UInt32.random(in: 0...UInt32.max, using: &generator) }) {
            var socket = sockaddr_in()
            socket.sin_family = sa_family_t(AF_INET)
            socket.sin_addr.s_addr = address.bigEndian
            let expected = withUnsafePointer(to: socket.sin_addr) { pointer in
                var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
                _ = inet_ntop(AF_INET, pointer, &text, socklen_t(text.count))
                return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            let read = withUnsafePointer(to: socket) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { ListenSocket.numericHost($0) }
            }
            #expect(read == expected)
        }
    }

    @Test func ipv6AddressesAreStillWrittenByTheSystem() {
        var socket = sockaddr_in6()
        socket.sin6_family = sa_family_t(AF_INET6)
        socket.sin6_addr.__in6_u.__u6_addr8.15 = 1
        let read = withUnsafePointer(to: socket) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { ListenSocket.numericHost($0) }
        }
        #expect(read == "::1")
    }
}
