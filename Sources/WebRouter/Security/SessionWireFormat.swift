import WebRouterHTML
/// The binary layout of a session inside its signed cookie.
///
/// Version byte `1`, `issuedAt` as a big-endian `Int64`, the entry count as a big-endian
/// `UInt16`, then per entry, sorted by key: key length (`UInt16` BE), key UTF-8, value length
/// (`UInt16` BE), value UTF-8. Decoding checks every length against the remaining bytes and
/// refuses an unknown version, invalid UTF-8, a repeated key or trailing bytes.
///
/// ```swift
/// let bytes = SessionWireFormat.encode(session)
/// SessionWireFormat.decode(bytes) == session   // true
/// ```
enum SessionWireFormat {
    static let version: UInt8 = 1
    private static let headerSize = 1 + 8 + 2

    /// The number of bytes `encode` produces for `session`.
    static func encodedSize(of session: Session) -> Int {
        session.values.reduce(headerSize) { size, entry in
            size + 2 + entry.key.utf8.count + 2 + entry.value.utf8.count
        }
    }

    /// Encodes `session`. The caller checks `encodedSize` first: a key, a value or an entry
    /// count above `UInt16.max` would not round-trip.
    static func encode(_ session: Session) -> [UInt8] {
        var output = [UInt8]()
        output.reserveCapacity(encodedSize(of: session))
        output.append(version)
        let issuedAt = UInt64(bitPattern: Int64(session.issuedAt))
        for shift in stride(from: 56, through: 0, by: -8) {
            output.append(UInt8(truncatingIfNeeded: issuedAt >> UInt64(shift)))
        }
        appendUInt16(session.values.count, to: &output)
        for key in session.values.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            appendUInt16(key.utf8.count, to: &output)
            output.append(contentsOf: key.utf8)
            let value = session.values[key] ?? ""
            appendUInt16(value.utf8.count, to: &output)
            output.append(contentsOf: value.utf8)
        }
        return output
    }

    /// Decodes bytes made by `encode`; `nil` for anything else.
    static func decode(_ bytes: [UInt8]) -> Session? {
        var reader = Reader(bytes: bytes)
        guard reader.readByte() == version, let issuedAt = reader.readInt64(),
              let count = reader.readUInt16()
        else { return nil }
        var values = [String: String](minimumCapacity: count)
        for _ in 0..<count {
            guard let key = reader.readString(), let value = reader.readString(),
                  values.updateValue(value, forKey: key) == nil
            else { return nil }
        }
        guard reader.isAtEnd, let issued = Int(exactly: issuedAt) else { return nil }
        return Session(values: values, issuedAt: issued)
    }

    private static func appendUInt16(_ value: Int, to output: inout [UInt8]) {
        output.append(UInt8(truncatingIfNeeded: value >> 8))
        output.append(UInt8(truncatingIfNeeded: value))
    }

    /// A bounds-checked cursor over untrusted bytes.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func readByte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func readUInt16() -> Int? {
            guard bytes.count - offset >= 2 else { return nil }
            defer { offset += 2 }
            return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
        }

        mutating func readInt64() -> Int64? {
            guard bytes.count - offset >= 8 else { return nil }
            var value: UInt64 = 0
            for index in offset..<(offset + 8) {
                value = value << 8 | UInt64(bytes[index])
            }
            offset += 8
            return Int64(bitPattern: value)
        }

        mutating func readString() -> String? {
            guard let length = readUInt16(), bytes.count - offset >= length else { return nil }
            defer { offset += length }
            let slice = bytes[offset..<(offset + length)]
            var iterator = slice.makeIterator()
            var parser = Unicode.UTF8.ForwardParser()
            while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid: continue
                case .emptyInput: return String(decoding: slice, as: UTF8.self)
                case .error: return nil
                }
            }
        }
    }
}
