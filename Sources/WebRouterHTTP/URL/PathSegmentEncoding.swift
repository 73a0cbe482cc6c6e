/// Percent-encoding of one path segment for printing URLs.
///
/// Everything outside RFC 3986's unreserved set and a few safe sub-delimiters is encoded,
/// including `/` and `?`, so any string round-trips through one segment. A leading `~` is
/// encoded too, so a context value can never be read as a present step.
@_spi(WebRouterInternals) public enum PathSegmentEncoding {
    @usableFromInline static let safe: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] = true }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] = true }
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(byte)] = true }
        for char in "-._~!$&'()*+,;=:@".utf8 { table[Int(char)] = true }
        return table
    }()
    /// Whether the byte at `offset` of a path segment stays as it is: the safe set, but
    /// not a leading `~`.
    @inlinable @inline(__always) public static func keepsInSegment(_ byte: UInt8, at offset: Int) -> Bool {
        safe[Int(byte)] && !(offset == 0 && byte == UInt8(ascii: "~"))
    }

    /// Whether a byte of a query name or value stays as it is: unreserved characters and `/`.
    @inlinable @inline(__always) public static func keepsInQuery(_ byte: UInt8, at offset: Int) -> Bool {
        PercentDecoding.isUnreserved(byte) || byte == UInt8(ascii: "/")
    }

    /// `segment` percent-encoded as one path segment.
    public static func encode(_ segment: String) -> String {
        URLWriter.encode(segment, keeping: keepsInSegment)
    }

    /// Percent-encodes a query parameter value: everything but unreserved characters and `/`,
    /// a space as `+` (the spelling browsers' forms send).
    public static func encodeQueryValue(_ value: String) -> String {
        URLWriter.make(upperBound: URLWriter.segmentBound(value)) { $0.writeQueryValue(value) }
    }
}
