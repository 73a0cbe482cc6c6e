import Foundation
import Glibc
import Testing
@testable import WebRouterHTTP
import WebRouterTesting

/// A client that hangs up while its request awaits (a database write, a lock) must not strand
/// the request's task: the rest of the handler still runs, so what it holds (a store's write
/// lock, a transaction) is let go and every later request is served. Before, the task's next
/// step waited for the connection's thread, which never ran it once libmicrohttpd saw the
/// closed socket: the demo's profile Save hung for every client after one load test ended
/// mid-request.
@Suite struct ClientGoneTests {
    @Test(.timeLimit(.minutes(1)))
    func aHandlerWhoseClientLeftWhileItAwaitedRunsToItsEnd() async throws {
        let entered = Gate()
        let release = Gate()
        let finished = Gate()
        let server = try startServer({ $0.threadCount = 1; $0.connectionsPerClient = 0 }) { request in
            guard request.path == "/slow" else { return .text("fast") }
            entered.open()
            await release.wait()
            // Runs only if the task is resumed after its client left.
            finished.open()
            return .text("too late for anyone")
        }
        let socket = try #require(Self.connect(port: server.port))
        let request = Array("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        #expect(request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == request.count)
        await entered.wait()
        Self.reset(socket)  // the client hangs up (a reset, as a load tool's end does) while the handler awaits
        release.open()
        await finished.wait()
        #expect(try await get(port: server.port, "/next").text == "fast")
        await server.stop()
    }

    /// Writers taking turns through a lock (as the store's do), their clients hanging up
    /// mid-request in bursts (a load tool stopping): the lock is handed to requests whose
    /// clients are gone, and each of them must still run to its end and pass it on, so the
    /// next client is served.
    @Test(.timeLimit(.minutes(1)))
    func aLockHandedToRequestsWhoseClientsLeftIsPassedOn() async throws {
        let lock = TurnLock()
        let disk = DispatchQueue(label: "test.disk")
        let server = try startServer({ $0.threadCount = 1; $0.connectionsPerClient = 0 }) { _ in
            await lock.acquire()
            await withCheckedContinuation { continuation in disk.async { continuation.resume() } }
            await lock.release()
            return .text("written")
        }
        let request = Array("POST /save HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n".utf8)
        for _ in 0..<20 {
            var sockets: [Int32] = []
            for _ in 0..<16 {
                let socket = try #require(Self.connect(port: server.port))
                _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                sockets.append(socket)
            }
            for socket in sockets { Self.reset(socket) }
        }
        let answer = try await post(port: server.port, "/save", contentType: "text/plain", body: [])
        #expect(answer.text == "written")
        await server.stop()
    }

    /// A TCP connection to the server on loopback, or `nil`.
    static func connect(port: Int) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(fd); return nil }
        return fd
    }

    /// Closes `fd` with a reset instead of an orderly end (SO_LINGER with a zero timeout).
    static func reset(_ fd: Int32) {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        close(fd)
    }
}

/// A lock held across suspension points, granted in arrival order (as the store's writers take turns).
actor TurnLock {
    private var held = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
        if !held { held = true; return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty { held = false } else { waiting.removeFirst().resume() }
    }
}
