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

    /// Six random hex digits per process, so ids of two instances seldom collide.
    private static let processPrefix: String = {
        let random = UInt32.random(in: 0..<(1 << 24))
        let hex = String(random, radix: 16)
        return String(repeating: "0", count: 6 - hex.utf8.count) + hex
    }()
    private static let counter = Locked<UInt32>(0)

    /// A new id: the process's prefix and a counter, 15 characters (a Swift small string, so
    /// making one allocates nothing).
    package static func next() -> String {
        let count = counter.withLock { value -> UInt32 in
            value &+= 1
            return value
        }
        let hex = String(count, radix: 16)
        return processPrefix + "-" + String(repeating: "0", count: 8 - hex.utf8.count) + hex
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
