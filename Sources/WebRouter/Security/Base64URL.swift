import WebRouterHTML
import WebRouterHTTP
/// Unpadded base64url (RFC 4648 §5) over bytes, used for every signed token and cookie value.
///
/// Decoding is strict and canonical: padding, characters outside `[A-Za-z0-9-_]`, an impossible
/// length and non-zero trailing bits are all refused, so each byte string has exactly one
/// encoding and a changed character always changes the decoded bytes (or fails).
///
/// ```swift
/// let text = Base64URL.encode([0xFB, 0xFF])   // "-_8"
/// let bytes = Base64URL.decode("-_8")          // [0xFB, 0xFF]
/// ```
enum Base64URL {
    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Maps an ASCII byte to its 6-bit value, or 0xFF when it is not in the alphabet.
    private static let reverse: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in alphabet.enumerated() {
            table[Int(character)] = UInt8(value)
        }
        return table
    }()

    /// The number of characters `encode` produces for `byteCount` bytes.
    static func encodedLength(of byteCount: Int) -> Int {
        (byteCount / 3) * 4 + [0, 2, 3][byteCount % 3]
    }

    /// Encodes `bytes` without padding.
    static func encode(_ bytes: some Collection<UInt8>) -> String {
        var output = [UInt8]()
        output.reserveCapacity(encodedLength(of: bytes.count))
        append(bytes, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the unpadded encoding of `bytes` to `output`.
    static func append(_ bytes: some Sequence<UInt8>, to output: inout [UInt8]) {
        alphabet.withUnsafeBufferPointer { table in
            var iterator = bytes.makeIterator()
            while let b0 = iterator.next() {
                output.append(table[Int(b0 >> 2)])
                guard let b1 = iterator.next() else {
                    output.append(table[Int((b0 & 0x03) << 4)])
                    return
                }
                output.append(table[Int((b0 & 0x03) << 4 | b1 >> 4)])
                guard let b2 = iterator.next() else {
                    output.append(table[Int((b1 & 0x0F) << 2)])
                    return
                }
                output.append(table[Int((b1 & 0x0F) << 2 | b2 >> 6)])
                output.append(table[Int(b2 & 0x3F)])
            }
        }
    }

    /// Decodes an unpadded, canonical base64url string; `nil` for anything else.
    static func decode(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { decode(UnsafeRawBufferPointer($0)) }
    }

    /// Decodes unpadded, canonical base64url bytes; `nil` for anything else.
    static func decode(_ input: UnsafeRawBufferPointer) -> [UInt8]? {
        let count = input.count
        let remainder = count % 4
        if remainder == 1 { return nil }
        var output = [UInt8]()
        output.reserveCapacity(count / 4 * 3 + 2)
        let ok = reverse.withUnsafeBufferPointer { table -> Bool in
            var index = 0
            let fullEnd = count - remainder
            while index < fullEnd {
                let a = table[Int(input[index])], b = table[Int(input[index + 1])]
                let c = table[Int(input[index + 2])], d = table[Int(input[index + 3])]
                if (a | b | c | d) & 0xC0 != 0 { return false }
                output.append(a << 2 | b >> 4)
                output.append(b << 4 | c >> 2)
                output.append(c << 6 | d)
                index += 4
            }
            switch remainder {
            case 2:
                let a = table[Int(input[index])], b = table[Int(input[index + 1])]
                if (a | b) & 0xC0 != 0 || b & 0x0F != 0 { return false }
                output.append(a << 2 | b >> 4)
            case 3:
                let a = table[Int(input[index])], b = table[Int(input[index + 1])]
                let c = table[Int(input[index + 2])]
                if (a | b | c) & 0xC0 != 0 || c & 0x03 != 0 { return false }
                output.append(a << 2 | b >> 4)
                output.append(b << 4 | c >> 2)
            default:
                break
            }
            return true
        }
        return ok ? output : nil
    }

    /// Whether `text` is unpadded, canonical base64url: exactly when ``decode(_:)-(String)``
    /// succeeds, without building the bytes (a browser id is checked on every request).
    static func isCanonical(_ text: String) -> Bool {
        let utf8 = text.utf8
        let remainder = utf8.count % 4
        guard remainder != 1 else { return false }
        return reverse.withUnsafeBufferPointer { table in
            var last: UInt8 = 0
            for byte in utf8 {
                last = table[Int(byte)]
                if last & 0xC0 != 0 { return false }
            }
            // The unused low bits of the last character must be zero, as `decode` requires.
            switch remainder {
            case 2: return last & 0x0F == 0
            case 3: return last & 0x03 == 0
            default: return true
            }
        }
    }

    /// Whether every byte of `text` is in the base64url alphabet (no padding).
    static func isAlphabetOnly(_ text: some Collection<UInt8>) -> Bool {
        reverse.withUnsafeBufferPointer { table in
            text.allSatisfy { table[Int($0)] != 0xFF }
        }
    }
}
