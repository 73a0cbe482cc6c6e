#if canImport(Glibc)
import Glibc
#endif

/// Opens the server's listening TCP socket itself, so a taken port is reported as exactly
/// that (libmicrohttpd only says "failed").
///
/// ```swift
/// let fd = try ListenSocket.open(host: "127.0.0.1", port: 8080, backlog: 511)
/// ```
enum ListenSocket {
    static func open(host: String, port: Int, backlog: Int32) throws(HTTPServerError) -> Int32 {
        guard (0...65_535).contains(port) else { throw .startFailed("port \(port) is out of range") }
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .startFailed("cannot resolve host \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(first) }
        var lastError: Int32 = 0
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = socket(
                info.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
                    | Int32(SOCK_NONBLOCK.rawValue), 0)
            guard fd >= 0 else {
                lastError = errno
                continue
            }
            var yes: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            if bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0, listen(fd, backlog) == 0 {
                return fd
            }
            lastError = errno
            close(fd)
            if lastError == EADDRINUSE { throw .portInUse(host: host, port: port) }
        }
        throw .startFailed("cannot listen on \(host):\(port): \(String(cString: strerror(lastError)))")
    }

    /// The numeric address of a socket address, e.g. `"127.0.0.1"` or `"::1"`.
    static func numericHost(_ address: UnsafePointer<sockaddr>) -> String? {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            // Every request asks for its client's address: glibc's inet_ntop formats IPv4
            // with sprintf, a visible cost per request, so it is written here.
            return dottedQuad(address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                UInt32(bigEndian: $0.pointee.sin_addr.s_addr)
            })
        case AF_INET6:
            var buffer = (
                Int64(0), Int64(0), Int64(0), Int64(0), Int64(0), Int64(0), Int64(0), Int64(0)
            )  // 64 bytes, enough for INET6_ADDRSTRLEN
            return withUnsafeMutableBytes(of: &buffer) { raw -> String? in
                let characters = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
                let result = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                    withUnsafePointer(to: v6.pointee.sin6_addr) {
                        inet_ntop(AF_INET6, $0, characters, socklen_t(raw.count))
                    }
                }
                return result.map { String(cString: $0) }
            }
        default:
            return nil
        }
    }

    /// `a.b.c.d` for an IPv4 address in host byte order (what `inet_ntop` writes).
    static func dottedQuad(_ address: UInt32) -> String {
        String(unsafeUninitializedCapacity: 15) { buffer in
            var count = 0
            for shift in stride(from: 24, through: 0, by: -8) {
                let octet = Int(truncatingIfNeeded: address >> UInt32(shift)) & 0xFF
                if octet >= 100 { buffer[count] = UInt8(ascii: "0") + UInt8(octet / 100); count += 1 }
                if octet >= 10 { buffer[count] = UInt8(ascii: "0") + UInt8(octet / 10 % 10); count += 1 }
                buffer[count] = UInt8(ascii: "0") + UInt8(octet % 10)
                count += 1
                if shift > 0 { buffer[count] = UInt8(ascii: "."); count += 1 }
            }
            return count
        }
    }
}
