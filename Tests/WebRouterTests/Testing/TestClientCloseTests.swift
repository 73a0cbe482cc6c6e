import Testing
import WebRouter
import WebRouterTesting

#if canImport(Glibc)
import Glibc
#endif

// Issue 45: a second client a test makes itself is shut down from a `defer` (which cannot
// await) under Swift 6, and its server is gone once the task `close()` returns has finished.

private struct Plain: ContentScreen {
    let title = "Plain"
    func body(_ context: Void, router: Router<Plain>) -> some HTML { p { "Plain." } }
}

@Suite("A second client, closed from a defer")
struct TestClientCloseTests {
    /// Whether something accepts a TCP connection on 127.0.0.1:`port`.
    private func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { Glibc.close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    @Test func aSecondLiveClientClosesFromADefer() async throws {
        var configuration = ApplicationConfiguration(appName: "Plain")
        configuration.logger.logLevel = .critical
        let app = try Application(Window(Navigation(Plain())), configuration: configuration)
        var closing: Task<Void, Never>?
        var port = 0
        try await app.test(.inProcess) { first in
            try await first.get("/")
            let second = try TestClient(app, mode: .live)
            port = try #require(second.port)
            do {
                defer { closing = second.close() }
                try await second.get("/")
                try second.expect(screen: "Plain")
            }
            #expect(accepts(port) || closing != nil)
        }
        await closing?.value
        #expect(!accepts(port), "the second client's server still listens on \(port)")
    }
}
