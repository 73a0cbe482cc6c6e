import Foundation
import Synchronization
@_spi(WebRouterInternals) import WebRouterHTTP

#if canImport(Glibc)
import Glibc
#endif

/// A broadcaster that reaches every instance on the machine sharing one directory, without a
/// database or a broker: each instance binds a Unix datagram socket in the directory, and a
/// signal is one datagram to each socket there (sockets whose instance is gone are removed).
/// Instances on other machines need another ``RefreshBroadcaster`` (a message queue,
/// PostgreSQL `LISTEN`/`NOTIFY`).
/// ```swift
/// var configuration = ApplicationConfiguration(appName: "Scores")
/// configuration.live.broadcaster = try DirectoryBroadcaster(directory: "/run/scores/live")
/// ```
/// One thread per instance waits for datagrams; a signal carries only keys (up to 60 KB).
public final class DirectoryBroadcaster: RefreshBroadcaster, Sendable {
    /// The directory the instances share.
    public let directory: String
    /// This instance's socket in it.
    public let socketPath: String
    private let socket: Int32
    private let receivers = Locked<[@Sendable ([String]) -> Void]>([])
    private let closed = Atomic<Bool>(false)

    /// Why a broadcaster could not start.
    public struct SetupError: Error, CustomStringConvertible {
        /// What failed, with the system's reason.
        public let description: String
    }

    /// Binds this instance's socket in `directory` (created, mode 0700, if missing) and
    /// starts receiving.
    /// ```swift
    /// let broadcaster = try DirectoryBroadcaster(directory: NSTemporaryDirectory() + "scores-live")
    /// ```
    public init(directory: String) throws {
        self.directory = directory
        try? FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        socketPath = directory + "/\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock"
        guard socketPath.utf8.count < 100 else {
            throw SetupError(description: "the socket path \(socketPath) is too long for a Unix socket; choose a shorter directory")
        }
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SetupError(description: "socket(): \(String(cString: strerror(errno)))") }
        var address = Self.address(socketPath)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(fd)
            throw SetupError(description: "bind(\(socketPath)): \(reason)")
        }
        socket = fd
        let thread = Thread { [self] in receiveLoop() }
        thread.name = "webrouter.live-broadcaster"
        thread.start()
    }

    deinit {
        unlink(socketPath)
    }

    /// Sends `keys` to every instance's socket in the directory, and to this instance's
    /// subscribers directly.
    /// ```swift
    /// broadcaster.publish(["match/12"])
    /// ```
    public func publish(_ keys: [String]) {
        deliver(keys)
        let payload = Array(keys.joined(separator: "\n").utf8)
        guard payload.count <= 60_000,
            let names = try? FileManager.default.contentsOfDirectory(atPath: directory)
        else { return }
        for name in names where name.hasSuffix(".sock") {
            let path = directory + "/" + name
            if path == socketPath { continue }
            var address = Self.address(path)
            let sent = payload.withUnsafeBytes { bytes in
                withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        sendto(socket, bytes.baseAddress, bytes.count, Int32(MSG_DONTWAIT), $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                    }
                }
            }
            // No one listens there any more: an instance that stopped without cleaning up.
            if sent < 0 && (errno == ECONNREFUSED || errno == ENOENT) { unlink(path) }
        }
    }

    /// Adds a subscriber for signals from this instance and the others.
    /// ```swift
    /// broadcaster.subscribe { keys in print("refresh", keys) }
    /// ```
    public func subscribe(_ receive: @escaping @Sendable ([String]) -> Void) {
        receivers.withLock { $0.append(receive) }
    }

    /// Stops receiving and removes this instance's socket. Idempotent.
    /// ```swift
    /// broadcaster.close()
    /// ```
    public func close() {
        guard !closed.exchange(true, ordering: .sequentiallyConsistent) else { return }
        // Wake the receiving thread with an empty datagram; it then closes the socket.
        var address = Self.address(socketPath)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                sendto(socket, nil, 0, Int32(MSG_DONTWAIT), $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        unlink(socketPath)
    }

    private func deliver(_ keys: [String]) {
        guard !keys.isEmpty else { return }
        for receive in receivers.withLock({ $0 }) { receive(keys) }
    }

    private func receiveLoop() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if closed.load(ordering: .sequentiallyConsistent) { break }
            if count < 0 {
                if errno == EINTR { continue }
                break
            }
            guard count > 0 else { continue }
            let text = String(decoding: buffer[..<count], as: UTF8.self)
            deliver(text.split(separator: "\n").map(String.init))
        }
        Glibc.close(socket)
    }

    private static func address(_ path: String) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8.prefix(raw.count - 1))
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return address
    }
}
