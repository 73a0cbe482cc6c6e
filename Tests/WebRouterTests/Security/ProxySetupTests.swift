import Foundation
import Logging
import Testing
@testable import WebRouter
@testable import WebRouterHTTP
import WebRouterTesting

/// Issue 44's proxy set-up: behind a trusted proxy the client is the last address a trusted
/// proxy appended to `X-Forwarded-For` (never an entry the client wrote itself), the proxy is
/// exempt from the per-client connection limit, and a proxy that sends no `X-Forwarded-For`
/// is reported once, loudly.
@Suite struct ProxySetupTests {
    @Test func theClientIsTheAddressTheTrustedProxyAppended() throws {
        var configuration = ApplicationConfiguration()
        configuration.trustedProxies = ["10.0.0.5", "10.0.0.6"]
        let policy = OriginPolicy(configuration)
        // The client forged "1.2.3.4"; nginx (10.0.0.5) appended what it saw.
        var request = HTTPRequest(path: "/", headers: ["X-Forwarded-For": "1.2.3.4, 203.0.113.9"])
        request.remoteAddress = "10.0.0.5"
        #expect(policy.clientAddress(request) == "203.0.113.9")
        // A client on the proxy's own machine is still the address nginx appended.
        request.headers = ["X-Forwarded-For": "1.2.3.4, 10.0.0.5"]
        #expect(policy.clientAddress(request) == "10.0.0.5")
        // The documented block's header with nothing forged: the one address.
        request.headers = ["X-Forwarded-For": "198.51.100.7"]
        #expect(policy.clientAddress(request) == "198.51.100.7")
        // An untrusted peer's header is ignored.
        request.remoteAddress = "198.51.100.1"
        request.headers = ["X-Forwarded-For": "1.2.3.4"]
        #expect(policy.clientAddress(request) == "198.51.100.1")
    }

    @Test func theDocumentedNginxBlocksPassXForwardedFor() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        for file in ["README.md", "Sources/WebRouter/WebRouter.docc/Deployment.md"] {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for block in text.components(separatedBy: "```nginx").dropFirst() {
                let body = block.components(separatedBy: "```").first ?? ""
                guard body.contains("proxy_pass") else { continue }
                #expect(body.contains("proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;"), "\(file): \(body)")
            }
        }
    }

    @Test func aTrustedProxyIsExemptFromThePerClientLimit() async throws {
        let server = try startServer({ configuration in
            configuration.connectionLimit = 64
            configuration.connectionsPerClient = 2
            configuration.unlimitedClients = ["127.0.0.5"]
        }, handler: echoHandler)
        // Six keep-alive connections from the proxy, each answered.
        let proxied = try await onOwnThread {
            try (0..<6).map { _ -> AttackSocket in
                let socket = try AttackSocket(port: server.port, from: "127.0.0.5")
                socket.send("GET /through/proxy HTTP/1.1\r\nHost: x\r\n\r\n")
                return socket
            }
        }
        let answered = try await onOwnThread {
            proxied.map { socket -> Bool in
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count = buffer.withUnsafeMutableBytes { recv(socket.fd, $0.baseAddress, $0.count, 0) }
                return count > 0 && String(decoding: buffer[0..<max(count, 0)], as: UTF8.self).hasPrefix("HTTP/1.1 200")
            }
        }
        #expect(answered == Array(repeating: true, count: 6), "the proxy's connections: \(answered)")
        // Another address is still held to two.
        let others = try await onOwnThread {
            try (0..<4).map { _ -> AttackSocket in
                let socket = try AttackSocket(port: server.port, from: "127.0.0.6", timeoutMilliseconds: 2000)
                socket.send("GET /wel")
                return socket
            }
        }
        let closed = try await onOwnThread { others.filter { $0.waitForClose() }.count }
        #expect(closed >= 2, "\(closed) of 4 closed")
        await server.stop()
    }

    @Test func anIPv6SlashSixtyFourIsOneClient() {
        #expect(ClientKey(text: "2001:db8:1:2::1") == ClientKey(text: "2001:db8:1:2:ffff::9"))
        #expect(ClientKey(text: "2001:db8:1:2::1") != ClientKey(text: "2001:db8:1:3::1"))
        #expect(ClientKey(text: "::ffff:203.0.113.9") == ClientKey(text: "203.0.113.9"))
        #expect(ClientKey(text: "203.0.113.9") != ClientKey(text: "203.0.113.10"))
    }

    @Test func aTrustedProxyWithoutXForwardedForIsReportedOnceLoudly() async throws {
        let capture = LogCapture()
        var configuration = try NotesApp.make().configuration
        configuration.trustedProxies = ["10.0.0.5"]
        configuration.logger = Logger(label: "proxy.test") { _ in capture }
        let app = Application(table: try NotesApp.make().table, configuration: configuration)
        for _ in 0..<3 {
            var request = HTTPRequest(path: "/sign-in")
            request.remoteAddress = "10.0.0.5"
            _ = await app.respond(to: request)
        }
        var forwarded = HTTPRequest(path: "/sign-in", headers: ["X-Forwarded-For": "203.0.113.9"])
        forwarded.remoteAddress = "10.0.0.5"
        _ = await app.respond(to: forwarded)
        let reports = capture.messages.filter { $0.contains("has no X-Forwarded-For") }
        #expect(reports.count == 1, "\(capture.messages)")
        #expect(reports.first?.contains("$proxy_add_x_forwarded_for") == true)
    }
}
