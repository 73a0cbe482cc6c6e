/// Percent-encoding and -decoding of URL components, working on bytes.
///
/// Decoding is strict by default: a `%` not followed by two hex digits makes it fail,
/// which the server answers with `400 Bad Request`. Bytes that are not valid UTF-8 after
/// decoding become U+FFFD everywhere.
/// ```swift
/// PercentDecoding.decode("a%2Fb")          // "a/b"
/// PercentDecoding.decode("%zz")            // nil
/// PercentDecoding.encode("a b/c")          // "a%20b%2Fc"
/// ```
@usableFromInline package enum PercentDecoding {
    /// Decodes `%XX` escapes (and `+` as a space when `plusAsSpace`); `nil` on a malformed escape.
    static func decode(_ text: some StringProtocol, plusAsSpace: Bool = false) -> String? {
        decode(utf8: text.utf8, plusAsSpace: plusAsSpace, lenient: false)
    }

    /// Like ``decode(_:plusAsSpace:)`` but keeps a malformed escape literally instead of failing.
    static func decodeLeniently(_ text: some StringProtocol, plusAsSpace: Bool = false) -> String {
        decode(utf8: text.utf8, plusAsSpace: plusAsSpace, lenient: true) ?? String(text)
    }

    /// Decodes `%XX` escapes (and `+` when `plusAsSpace`). A malformed escape fails, or
    /// stays literally when `lenient`; invalid UTF-8 becomes U+FFFD, or fails when
    /// `repairsInvalidUTF8` is `false`.
    package static func decode<C: Collection>(utf8: C, plusAsSpace: Bool, lenient: Bool, repairsInvalidUTF8: Bool = true) -> String?
    where C.Element == UInt8 {
        // Fast path: nothing to decode.
        if !utf8.contains(where: { $0 == 0x25 || (plusAsSpace && $0 == 0x2B) }) {
            return repairsInvalidUTF8 ? String(decoding: utf8, as: UTF8.self) : String(validating: utf8, as: UTF8.self)
        }
        var output: [UInt8] = []
        output.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == 0x25 {
                let first = utf8.index(after: index)
                if first != utf8.endIndex, utf8.index(after: first) != utf8.endIndex,
                    let high = hexValue(utf8[first]), let low = hexValue(utf8[utf8.index(after: first)])
                {
                    output.append(high << 4 | low)
                    index = utf8.index(index, offsetBy: 3)
                    continue
                }
                guard lenient else { return nil }
                output.append(byte)
            } else if plusAsSpace && byte == 0x2B {
                output.append(0x20)
            } else {
                output.append(byte)
            }
            index = utf8.index(after: index)
        }
        return repairsInvalidUTF8 ? String(decoding: output, as: UTF8.self) : String(validating: output, as: UTF8.self)
    }

    /// Percent-encodes every byte outside the unreserved set (`A-Z a-z 0-9 - . _ ~`).
    static func encode(_ text: some StringProtocol) -> String {
        URLWriter.encode(String(text)) { byte, _ in isUnreserved(byte) }
    }

    @inlinable @inline(__always)
    package static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2D, 0x2E, 0x5F, 0x7E: true
        default: false
        }
    }

    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    @usableFromInline static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
}
