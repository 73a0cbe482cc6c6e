/// Reads a request's `Accept-Encoding` (RFC 9110 §12.5.3) with q-values: a coding listed
/// with `q=0` is refused; a coding not listed is acceptable when `*` is, with `*`'s q-value;
/// without the header, nothing is compressed.
///
/// ```swift
/// AcceptEncoding.allows("gzip", in: "gzip, deflate, br")     // true
/// AcceptEncoding.allows("gzip", in: "gzip;q=0, *")            // false
/// AcceptEncoding.allows("gzip", in: "br;q=1, *;q=0.5")        // true
/// AcceptEncoding.preferred(in: "gzip, br;q=0.5", among: ContentCoding.allCases)   // .gzip
/// ```
enum AcceptEncoding {
    /// Whether `coding` (lower-case, such as `gzip`) is acceptable in `header`.
    static func allows(_ coding: String, in header: String?) -> Bool {
        quality(of: coding, in: header) > 0
    }

    /// The acceptable coding of `codings` with the highest q-value (the earlier one on a tie);
    /// `nil` when none is acceptable.
    static func preferred(in header: String?, among codings: [ContentCoding]) -> ContentCoding? {
        guard header != nil else { return nil }
        var best: (coding: ContentCoding, quality: Double)?
        for coding in codings {
            let quality = quality(of: coding.token, in: header)
            if quality > 0, quality > (best?.quality ?? 0) { best = (coding, quality) }
        }
        return best?.coding
    }

    /// The q-value `header` gives `coding` (0 when refused or not acceptable).
    static func quality(of coding: String, in header: String?) -> Double {
        guard var header else { return 0 }
        var coding = coding
        return header.withUTF8 { header in coding.withUTF8 { coding in quality(of: coding, in: header) } }
    }

    /// The same, read in place: every request of a browser asks this for two codings, so the
    /// header is scanned as bytes, member by member, without splitting it into strings (a
    /// string is made only for a `q` parameter's value).
    private static func quality(of coding: UnsafeBufferPointer<UInt8>, in header: UnsafeBufferPointer<UInt8>) -> Double {
        var explicit: Double?
        var wildcard: Double?
        var start = 0
        while start <= header.count {
            let end = next(UInt8(ascii: ","), in: header, from: start, before: header.count)
            let nameEnd = next(UInt8(ascii: ";"), in: header, from: start, before: end)
            let name = trimmed(header, start, nameEnd)
            if !name.isEmpty {
                var quality = 1.0
                var parameter = nameEnd
                while parameter < end {
                    let parameterEnd = next(UInt8(ascii: ";"), in: header, from: parameter + 1, before: end)
                    let equals = next(UInt8(ascii: "="), in: header, from: parameter + 1, before: parameterEnd)
                    let key = trimmed(header, parameter + 1, equals)
                    if equals < parameterEnd, key.count == 1, header[key.lowerBound] | 0x20 == UInt8(ascii: "q") {
                        let value = trimmed(header, equals + 1, parameterEnd)
                        quality = qValue(Substring(String(decoding: UnsafeBufferPointer(rebasing: header[value]), as: UTF8.self)))
                    }
                    parameter = parameterEnd
                }
                if equalsIgnoringCase(header, name, coding) || (isGzip(coding) && equalsIgnoringCase(header, name, "x-gzip")) {
                    explicit = max(explicit ?? 0, quality)
                } else if name.count == 1 && header[name.lowerBound] == UInt8(ascii: "*") {
                    wildcard = quality
                }
            }
            start = end + 1
        }
        return explicit ?? wildcard ?? 0
    }

    private static func next(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int) -> Int {
        var index = start
        while index < end && bytes[index] != byte { index += 1 }
        return index
    }

    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Range<Int> {
        var low = start, high = max(start, end)
        while low < high && (bytes[low] == 32 || bytes[low] == 9) { low += 1 }
        while high > low && (bytes[high - 1] == 32 || bytes[high - 1] == 9) { high -= 1 }
        return low..<high
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    private static func equalsIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        guard range.count == wanted.count else { return false }
        for offset in 0..<wanted.count where lowercased(bytes[range.lowerBound + offset]) != lowercased(wanted[offset]) {
            return false
        }
        return true
    }

    private static func equalsIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ wanted: StaticString) -> Bool {
        wanted.withUTF8Buffer { equalsIgnoringCase(bytes, range, $0) }
    }

    private static func isGzip(_ coding: UnsafeBufferPointer<UInt8>) -> Bool {
        coding.count == 4 && coding[0] == UInt8(ascii: "g") && coding[1] == UInt8(ascii: "z") && coding[2] == UInt8(ascii: "i")
            && coding[3] == UInt8(ascii: "p")
    }

    /// A q-value (`0`, `0.5`, `1.000`) as a number; a malformed one counts as 0.
    static func qValue(_ value: Substring) -> Double {
        guard value.count <= 5, let number = Double(value), number.isFinite, (0...1).contains(number) else { return 0 }
        return number
    }
}
