/// A comma-separated header list read in place (RFC 9110 §5.6.1): `Accept`,
/// `Accept-Encoding`, `Vary`. Each member is a value (trimmed, up to its first `;`) with its
/// `q` parameter (§12.4.2: 1 when absent, 0 when malformed). Requests ask these on every
/// page, so nothing is split into strings.
/// ```swift
/// var header = "gzip;q=0.5, br"
/// header.withUTF8 { bytes in
///     HeaderList(bytes).forEachMember { value, quality in … }   // "gzip" 0.5, then "br" 1
/// }
/// ```
struct HeaderList {
    let bytes: UnsafeBufferPointer<UInt8>

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Calls `body` with each non-empty member's value range and q-value, in order.
    func forEachMember(_ body: (Range<Int>, Double) -> Void) {
        var start = 0
        while start <= bytes.count {
            let end = next(UInt8(ascii: ","), from: start, before: bytes.count)
            let parameters = next(UInt8(ascii: ";"), from: start, before: end)
            let value = trimmed(start, parameters)
            if !value.isEmpty { body(value, quality(parameters, end)) }
            start = end + 1
        }
    }

    /// Whether the bytes in `range` are `token`, ignoring ASCII case.
    func matches(_ range: Range<Int>, _ token: StaticString) -> Bool {
        token.withUTF8Buffer { matches(range, $0) }
    }

    /// Whether the bytes in `range` are `token`'s, ignoring ASCII case.
    func matches(_ range: Range<Int>, _ token: UnsafeBufferPointer<UInt8>) -> Bool {
        guard range.count == token.count else { return false }
        for offset in 0..<token.count where ASCII.lower(bytes[range.lowerBound + offset]) != ASCII.lower(token[offset]) {
            return false
        }
        return true
    }

    /// Whether the bytes in `range` end with `suffix`, ignoring ASCII case.
    func hasSuffix(_ range: Range<Int>, _ suffix: StaticString) -> Bool {
        let count = suffix.utf8CodeUnitCount
        return range.count >= count && matches((range.upperBound - count)..<range.upperBound, suffix)
    }

    /// The `q` among the `;name=value` parameters in `range`.
    private func quality(_ start: Int, _ end: Int) -> Double {
        var quality = 1.0
        var parameter = start
        while parameter < end {
            let parameterEnd = next(UInt8(ascii: ";"), from: parameter + 1, before: end)
            let equals = next(UInt8(ascii: "="), from: parameter + 1, before: parameterEnd)
            if equals < parameterEnd, matches(trimmed(parameter + 1, equals), "q") {
                quality = qValue(trimmed(equals + 1, parameterEnd))
            }
            parameter = parameterEnd
        }
        return quality
    }

    /// A q-value (`0`, `0.5`, `1.000`) as a number; malformed counts as 0.
    private func qValue(_ range: Range<Int>) -> Double {
        guard range.count >= 1, range.count <= 5 else { return 0 }
        let first = bytes[range.lowerBound]
        guard first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return 0 }
        var value = Double(first - UInt8(ascii: "0"))
        guard range.count > 1 else { return value }
        guard bytes[range.lowerBound + 1] == UInt8(ascii: ".") else { return 0 }
        var scale = 0.1
        for index in (range.lowerBound + 2)..<range.upperBound {
            let digit = bytes[index]
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return 0 }
            value += Double(digit - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return value <= 1 ? value : 0
    }

    private func next(_ byte: UInt8, from start: Int, before end: Int) -> Int {
        var index = start
        while index < end && bytes[index] != byte { index += 1 }
        return index
    }

    private func trimmed(_ start: Int, _ end: Int) -> Range<Int> {
        var low = start, high = max(start, end)
        while low < high && ASCII.isSpace(bytes[low]) { low += 1 }
        while high > low && ASCII.isSpace(bytes[high - 1]) { high -= 1 }
        return low..<high
    }
}
