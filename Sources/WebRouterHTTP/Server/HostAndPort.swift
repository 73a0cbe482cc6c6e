/// A `Host` header's value (or a URL's authority) split into a host and an optional port,
/// accepting only plain spellings: a DNS name or IPv4 address (letters, digits, `.`, `-`),
/// or a bracketed IPv6 literal, and a port of 1 to 5 digits up to 65535. The host is
/// lower-cased, so it can be compared and put in a URL as it is.
///
/// ```swift
/// HostAndPort("LocalHost:8080")      // host "localhost", port 8080
/// HostAndPort("[::1]")               // host "[::1]", port nil
/// HostAndPort("evil/\"x")            // nil
/// ```
package struct HostAndPort: Sendable, Equatable {
    package let host: String
    package let port: Int?

    package init?(_ text: Substring) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 255 else { return nil }
        var hostEnd: Int
        if bytes[0] == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")), close > 1 else { return nil }
            for byte in bytes[1..<close] where !(Self.isHexDigit(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")) {
                return nil
            }
            hostEnd = close + 1
        } else {
            hostEnd = bytes.firstIndex(of: UInt8(ascii: ":")) ?? bytes.count
            guard hostEnd > 0 else { return nil }
            for byte in bytes[..<hostEnd] where !(Self.isAlphanumeric(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")) {
                return nil
            }
        }
        if hostEnd == bytes.count {
            port = nil
        } else {
            let digits = bytes[(hostEnd + 1)...]
            guard bytes[hostEnd] == UInt8(ascii: ":"), (1...5).contains(digits.count),
                digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                let value = Int(String(decoding: digits, as: UTF8.self)), (1...65_535).contains(value)
            else { return nil }
            port = value
        }
        host = String(decoding: bytes[..<hostEnd], as: UTF8.self).lowercased()
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}
