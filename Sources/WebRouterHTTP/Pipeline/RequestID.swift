/// Every request's id: the one a proxy sent in `X-Request-Id` when it is a short, plain token,
/// else one made here. The pipeline echoes it in the response's `X-Request-Id`, the access log
/// and the app's request logger carry it as `request-id` metadata, and the request's span as
/// an attribute, so one id ties a proxy's log line, the server's and a trace together.
///
/// ```swift
/// RequestID.accepting("abc-123")        // "abc-123"
/// RequestID.accepting("bad id\r\nX: y") // nil: a new one is made
/// RequestID.next()                      // "3f9c0e-0000001a"
/// ```
package enum RequestID {
    /// The header that carries it both ways.
    package static let header = "X-Request-Id"
    /// The metadata key of the access log and the app's request logger.
    package static let metadataKey = "request-id"
    /// The longest id accepted from a client.
    static let maxLength = 128

    /// 24 random bits per process (six hex digits), so ids of two instances seldom collide.
    private static let processPrefix = UInt32.random(in: 0..<(1 << 24))
    private static let counter = Locked<UInt32>(0)

    /// A new id: the process's prefix and a counter in hex, 15 characters (`3f9c0e-0000001a`),
    /// written byte by byte into a Swift small string, so making one allocates nothing and
    /// costs about a hundred instructions.
    package static func next() -> String {
        let count = counter.withLock { value -> UInt32 in
            value &+= 1
            return value
        }
        let prefix = processPrefix
        return String(unsafeUninitializedCapacity: 15) { buffer in
            for index in 0..<6 { buffer[index] = hexDigit(prefix >> (4 * UInt32(5 - index))) }
            buffer[6] = UInt8(ascii: "-")
            for index in 0..<8 { buffer[7 + index] = hexDigit(count >> (4 * UInt32(7 - index))) }
            return 15
        }
    }

    /// The lowercase hex digit of `value`'s low four bits.
    @inline(__always) private static func hexDigit(_ value: UInt32) -> UInt8 {
        let nibble = UInt8(truncatingIfNeeded: value & 0xf)
        return nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    /// `value` when it is a usable id: 1 to 128 characters among letters, digits and
    /// `-_.:/+=`, so it can go into a header and a log line as it is.
    package static func accepting(_ value: String?) -> String? {
        guard let value, !value.isEmpty, value.utf8.count <= maxLength else { return nil }
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "+"), UInt8(ascii: "="):
                continue
            default:
                return nil
            }
        }
        return value
    }
}
