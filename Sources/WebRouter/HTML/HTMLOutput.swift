/// A growable UTF-8 byte buffer that HTML renders into.
///
/// Raw appends copy bytes as they are; the escaping appends replace `& < > " '` by entities,
/// copying clean runs in bulk.
/// ```swift
/// var output = HTMLOutput()
/// output.appendRaw("<p>")
/// output.appendEscapedText("1 < 2")
/// output.appendRaw("</p>")
/// // output.bytes == Array("<p>1 &lt; 2</p>".utf8)
/// ```
public struct HTMLOutput {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8]

    /// Creates an empty buffer that can hold `capacity` bytes before growing.
    public init(capacity: Int = 4096) {
        bytes = []
        bytes.reserveCapacity(max(0, capacity))
    }

    /// Appends a compile-time constant as is.
    public mutating func appendRaw(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `s` as is, without escaping: only for markup the caller built itself.
    public mutating func appendRaw(_ s: String) {
        if s.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: s.utf8)
        }
    }

    /// Appends bytes as is, without escaping.
    public mutating func appendRaw<Bytes: Sequence>(bytes more: Bytes) where Bytes.Element == UInt8 {
        bytes.append(contentsOf: more)
    }

    /// Appends `s` as HTML text, escaping `& < > " '`.
    public mutating func appendEscapedText(_ s: String) {
        appendEscaped(s)
    }

    /// Appends `s` as the inside of a double-quoted attribute value, escaping `& < > " '`.
    public mutating func appendEscapedAttribute(_ s: String) {
        appendEscaped(s)
    }

    private mutating func appendEscaped(_ s: String) {
        let done: Void? = s.utf8.withContiguousStorageIfAvailable { appendEscaped(utf8: $0) }
        if done == nil {
            var copy = s
            copy.withUTF8 { appendEscaped(utf8: $0) }
        }
    }

    private mutating func appendEscaped(utf8 source: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        var index = 0
        let count = source.count
        while index < count {
            let byte = source[index]
            // All five special characters are at or below '>' (0x3E); most bytes skip the switch.
            if byte <= 0x3E {
                let entity: StaticString
                switch byte {
                case 0x26: entity = "&amp;"
                case 0x3C: entity = "&lt;"
                case 0x3E: entity = "&gt;"
                case 0x22: entity = "&quot;"
                case 0x27: entity = "&#39;"
                default:
                    index += 1
                    continue
                }
                if runStart < index {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index]))
                }
                appendRaw(entity)
                runStart = index + 1
            }
            index += 1
        }
        if runStart < count {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<count]))
        }
    }
}
