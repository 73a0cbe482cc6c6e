import CMicroHTTPD
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Who a connection counts against: an IPv4 address, or an IPv6 address's /64 (one host
/// usually owns a whole /64, RFC 4291 §2.5.4); an IPv4-mapped IPv6 address is its IPv4 one.
package enum ClientKey: Hashable, Sendable {
    case v4(UInt32)
    case v6(UInt64)

    /// The key of `address`, or `nil` for a family that is not IP.
    init?(_ address: UnsafePointer<sockaddr>) {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            self = .v4(address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt32(bigEndian: $0.pointee.sin_addr.s_addr) })
        case AF_INET6:
            let bytes = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                withUnsafeBytes(of: v6.pointee.sin6_addr) { Array($0) }
            }
            self.init(ipv6: bytes)
        default:
            return nil
        }
    }

    /// The key of the 16 bytes of an IPv6 address.
    init(ipv6 bytes: [UInt8]) {
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            self = .v4(bytes[12..<16].reduce(0) { $0 << 8 | UInt32($1) })
        } else {
            self = .v6(bytes[0..<8].reduce(0) { $0 << 8 | UInt64($1) })
        }
    }

    /// The key of an address written as text (`203.0.113.9`, `2001:db8::1`), or `nil`.
    package init?(text: String) {
        var text = Substring(text)
        if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        var v4 = in_addr()
        if inet_pton(AF_INET, String(text), &v4) == 1 {
            self = .v4(UInt32(bigEndian: v4.s_addr))
            return
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, String(text), &v6) == 1 else { return nil }
        self.init(ipv6: withUnsafeBytes(of: v6) { Array($0) })
    }
}

/// The exact bytes of an address (4 for IPv4, 16 for IPv6), for the exempt list.
struct ExactAddress: Hashable {
    let bytes: [UInt8]

    init?(_ address: UnsafePointer<sockaddr>) {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            bytes = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in withUnsafeBytes(of: v4.pointee.sin_addr) { Array($0) } }
        case AF_INET6:
            let raw = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in withUnsafeBytes(of: v6.pointee.sin6_addr) { Array($0) } }
            let mapped = raw[0..<10].allSatisfy { $0 == 0 } && raw[10] == 0xFF && raw[11] == 0xFF
            bytes = mapped ? Array(raw[12..<16]) : raw
        default:
            return nil
        }
    }

    init?(text: String) {
        var text = Substring(text)
        if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        var v4 = in_addr()
        if inet_pton(AF_INET, String(text), &v4) == 1 {
            bytes = withUnsafeBytes(of: v4) { Array($0) }
            return
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, String(text), &v6) == 1 else { return nil }
        let raw = withUnsafeBytes(of: v6) { Array($0) }
        let mapped = raw[0..<10].allSatisfy { $0 == 0 } && raw[10] == 0xFF && raw[11] == 0xFF
        bytes = mapped ? Array(raw[12..<16]) : raw
    }
}

/// The connections open per client (``ClientKey``), and the limit
/// ``ServerConfiguration/connectionsPerClient`` puts on them, except for the addresses of
/// ``ServerConfiguration/unlimitedClients`` (a reverse proxy's, whose every connection is
/// somebody else's).
///
/// libmicrohttpd's own per-address limit cannot exempt an address nor count an IPv6 /64, so
/// it is off and this one runs instead: its accept policy (``admits(_:)``) refuses a
/// connection past the limit as soon as it is accepted, and the connection notifications
/// count it in (``opened(_:)``) and out (``closed(_:)``).
/// ```swift
/// let clients = ClientConnections(limit: 64, unlimited: ["10.0.0.2"])
/// clients.admits(address)        // the accept policy
/// ```
final class ClientConnections: Sendable {
    let limit: Int
    let unlimited: Set<ExactAddress>
    private let counts = Locked<[ClientKey: Int]>([:])

    init(limit: Int, unlimited: [String]) {
        self.limit = max(limit, 0)
        self.unlimited = Set(unlimited.compactMap(ExactAddress.init(text:)))
    }

    /// Who a connection from `address` counts against, `nil` when it is exempt (or not IP).
    func key(for address: UnsafePointer<sockaddr>) -> ClientKey? {
        if !unlimited.isEmpty, let exact = ExactAddress(address), unlimited.contains(exact) { return nil }
        return ClientKey(address)
    }

    /// Whether a connection from `address` may open: its client is under the limit.
    func admits(_ address: UnsafePointer<sockaddr>) -> Bool {
        guard limit > 0, let key = key(for: address) else { return true }
        return counts.withLock { $0[key, default: 0] < limit }
    }

    /// A connection of `key`'s opened.
    func opened(_ key: ClientKey?) {
        guard let key else { return }
        counts.withLock { $0[key, default: 0] += 1 }
    }

    /// A connection of `key`'s closed.
    func closed(_ key: ClientKey?) {
        guard let key else { return }
        counts.withLock { counts in
            let left = counts[key, default: 0] - 1
            counts[key] = left > 0 ? left : nil
        }
    }

    /// The connections `key` holds now (for tests).
    func count(_ key: ClientKey) -> Int { counts.withLock { $0[key, default: 0] } }
}
