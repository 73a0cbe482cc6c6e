/// Writes a URL's bytes straight into the memory of the `String` being made, sized up front
/// from an upper bound: one allocation, and no per-piece `String.append` (which checks
/// uniqueness, capacity and ASCII-ness each time).
///
/// ```swift
/// let url = URLWriter.make(upperBound: URLWriter.segmentBound("a b") + 8) { url in
///     url.write("/feed/")
///     url.writeSegment("a b")       // "a%20b"
/// }
/// // "/feed/a%20b"
/// ```
/// The encodings are ``PathSegmentEncoding``'s: path segments keep its safe set and encode
/// a leading `~`; query names and values keep the unreserved characters and `/`.
@_spi(WebRouterInternals) public struct URLWriter {
    @usableFromInline let base: UnsafeMutablePointer<UInt8>
    @usableFromInline let capacity: Int
    /// The bytes written so far (set only by the writer's own methods).
    public var count = 0

    /// Makes a string of at most `upperBound` bytes from what `body` writes.
    @inlinable public static func make(upperBound: Int, _ body: (inout URLWriter) -> Void) -> String {
        String(unsafeUninitializedCapacity: max(upperBound, 1)) { buffer in
            var writer = URLWriter(base: buffer.baseAddress!, capacity: buffer.count)
            body(&writer)
            return writer.count
        }
    }

    @inlinable init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    /// The most bytes a percent-encoded `text` can take.
    @inlinable public static func segmentBound(_ text: String) -> Int { 3 * text.utf8.count }

    @inlinable public mutating func write(_ byte: UInt8) {
        precondition(count < capacity, "URLWriter: upper bound too small")
        base[count] = byte
        count += 1
    }

    /// Copies `text` as it is (a step name, or a URL printed before).
    @inlinable public mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            precondition(count + bytes.count <= capacity, "URLWriter: upper bound too small")
            guard let source = bytes.baseAddress else { return }
            (base + count).update(from: source, count: bytes.count)
            count += bytes.count
        }
    }

    /// The most bytes ``writeDecimal(_:)`` takes (`Int.min`: a sign and 19 digits).
    @inlinable public static var decimalBound: Int { 20 }

    /// Writes `value` in decimal, as `String(value)` spells it (`-` then digits).
    @inlinable public mutating func writeDecimal(_ value: Int) {
        precondition(count + Self.decimalBound <= capacity, "URLWriter: upper bound too small")
        var magnitude = value.magnitude
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 { digits += 1; rest /= 10 }
        if value < 0 { base[count] = UInt8(ascii: "-"); count += 1 }
        var index = count + digits
        repeat {
            index -= 1
            base[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        count += digits
    }

    /// Copies the first `length` bytes of `text`.
    @inlinable public mutating func write(prefix length: Int, of text: String) {
        guard length > 0 else { return }
        var text = text
        text.withUTF8 { bytes in
            precondition(length <= bytes.count && count + length <= capacity, "URLWriter: upper bound too small")
            (base + count).update(from: bytes.baseAddress!, count: length)
            count += length
        }
    }

    /// Writes a path segment, percent-encoded.
    @inlinable public mutating func writeSegment(_ segment: String) {
        writeEncoded(segment, keeping: PathSegmentEncoding.keepsInSegment)
    }

    /// Writes a query name or value, percent-encoded, a space as `+` (as a browser's GET
    /// form writes it, so one state has one URL whether a form or a link made it).
    @inlinable public mutating func writeQueryValue(_ value: String) {
        var text = value
        text.withUTF8 { bytes in
            precondition(count + 3 * bytes.count <= capacity, "URLWriter: upper bound too small")
            for byte in bytes {
                if PathSegmentEncoding.keepsInQuery(byte, at: 0) {
                    base[count] = byte
                    count += 1
                } else if byte == 0x20 {
                    base[count] = UInt8(ascii: "+")
                    count += 1
                } else {
                    base[count] = 0x25
                    base[count + 1] = PercentDecoding.hexDigits[Int(byte >> 4)]
                    base[count + 2] = PercentDecoding.hexDigits[Int(byte & 0x0F)]
                    count += 3
                }
            }
        }
    }

    /// Writes `separator` (`?` or `&`) then `name=value`, both encoded as query values: every
    /// query string the route table, the routers and the breadcrumbs print goes through here.
    @inlinable public mutating func writeQueryPair(_ name: String, _ value: String, after separator: UInt8) {
        write(separator)
        writeQueryValue(name)
        write(UInt8(ascii: "="))
        writeQueryValue(value)
    }

    /// The most bytes ``writeQueryPair(_:_:after:)`` takes.
    @inlinable public static func queryPairBound(_ name: String, _ value: String) -> Int {
        2 + segmentBound(name) + segmentBound(value)
    }

    /// `text` with `%XX` for every byte `keeps(byte, offset)` refuses, as a string of its own
    /// (`text` itself when nothing needs encoding): for the few URLs not printed piece by piece.
    @inlinable public static func encode(_ text: String, keeping keeps: (UInt8, Int) -> Bool) -> String {
        var offset = 0
        for byte in text.utf8 {
            guard keeps(byte, offset) else {
                return make(upperBound: segmentBound(text)) { $0.writeEncoded(text, keeping: keeps) }
            }
            offset += 1
        }
        return text
    }

    /// Writes `text`, with `%XX` for every byte `keeps(byte, offset)` refuses: the one
    /// percent-encoder.
    @inlinable public mutating func writeEncoded(_ text: String, keeping keeps: (UInt8, Int) -> Bool) {
        var text = text
        text.withUTF8 { bytes in
            precondition(count + 3 * bytes.count <= capacity, "URLWriter: upper bound too small")
            for (offset, byte) in bytes.enumerated() {
                if keeps(byte, offset) {
                    base[count] = byte
                    count += 1
                } else {
                    base[count] = 0x25
                    base[count + 1] = PercentDecoding.hexDigits[Int(byte >> 4)]
                    base[count + 2] = PercentDecoding.hexDigits[Int(byte & 0x0F)]
                    count += 3
                }
            }
        }
    }
}
