import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A loopback HTTP server that never answers the first `holding` requests it reads (their
/// connections stay open until ``stop()``) and answers every later one `204 No Content`: a
/// subresource that stalls a page's load, for the WebDriver client's page-load timeout.
///
/// ```swift
/// let listener = try StallingListener(holding: 1)
/// defer { listener.stop() }
/// // <img src="http://127.0.0.1:\(listener.port)/stall.png"> never loads the first time.
/// ```
final class StallingListener: @unchecked Sendable {
    let port: Int
    private let socket: Int32
    private let holding: Int
    private let lock = NSLock()
    private var requests = 0
    private var open: [Int32] = []

    /// How many requests it has read so far.
    var requestsRead: Int { lock.withLock { requests } }

    init(holding: Int) throws {
        self.holding = holding
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(socket, address, length) == 0 && listen(socket, 16) == 0 && getsockname(socket, address, &length) == 0
            }
        }
        guard bound else {
            close(socket)
            throw POSIXError(.EADDRINUSE)
        }
        self.socket = socket
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Closes the listening socket and every connection still open.
    func stop() {
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
        lock.withLock {
            for connection in open { shutdown(connection, Int32(SHUT_RDWR)) }
        }
    }

    private func acceptLoop() {
        while true {
            let connection = accept(socket, nil, nil)
            guard connection >= 0 else { return }
            lock.withLock { open.append(connection) }
            Thread { [self] in serve(connection) }.start()
        }
    }

    /// Reads requests on `connection` until it closes: the first `holding` of all connections'
    /// requests get no answer (the connection is then only read until the peer goes away).
    private func serve(_ connection: Int32) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var received: [UInt8] = []
        var silent = false
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            if silent { continue }
            received += buffer[..<count]
            while let end = received.firstRange(of: Array("\r\n\r\n".utf8)) {
                received.removeSubrange(..<end.upperBound)
                let held = lock.withLock { () -> Bool in
                    requests += 1
                    return requests <= holding
                }
                if held {
                    silent = true
                    break
                }
                let answer = Array("HTTP/1.1 204 No Content\r\nContent-Length: 0\r\n\r\n".utf8)
                _ = answer.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            }
        }
        lock.withLock { open.removeAll { $0 == connection } }
        close(connection)
    }
}
