/// Writes bytes into a fixed buffer with runs of whitespace (U+00A0 included) made one space and
/// the ends trimmed — ``HTMLNode/collapse(_:nonBreaking:)`` with `nonBreaking`, a byte at a
/// time as the text is found. A byte past the buffer's end is dropped and noted.
struct CollapsingWriter {
    let output: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0
    private var pendingSpace = false
    /// A 0xC2 byte waiting for the next one: 0xA0 after it makes a no-break space.
    private var pendingC2 = false
    /// Whether a byte did not fit.
    private(set) var overflowed = false

    init(output: UnsafeMutableBufferPointer<UInt8>) { self.output = output }

    /// Appends the text of a text node's record, decoded.
    mutating func append(_ record: NodeRecord, bytes: UnsafeBufferPointer<UInt8>, document: HTMLDocument) {
        if record.has(.needsDecoding) {
            var decoded: [UInt8] = []
            HTMLEntities.decode(document.bytes[Int(record.start)..<Int(record.finish)], into: &decoded)
            for byte in decoded { append(byte) }
        } else {
            var index = Int(record.start)
            let end = Int(record.finish)
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            while index < end {
                // Eight bytes at a time up to the first that is whitespace, a control character
                // or 0xC2 (the lowest flagged byte of these bit tests is always a true one); the
                // run before it is copied as one word when 8 bytes fit past the output's end.
                if !pendingC2 && index &+ 8 <= end && count &+ 9 <= output.count, let base = bytes.baseAddress {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                    let c2 = word ^ (ones &* 0xC2)
                    let special = (((word &- ones &* 0x21) & ~word) | ((c2 &- ones) & ~c2)) & highs
                    let run = special == 0 ? 8 : special.trailingZeroBitCount &>> 3
                    if run > 0 {
                        if pendingSpace {
                            pendingSpace = false
                            if count > 0 { output[count] = 0x20; count &+= 1 }
                        }
                        UnsafeMutableRawPointer(output.baseAddress! + count).storeBytes(of: word.littleEndian, as: UInt64.self)
                        count &+= run
                        index &+= run
                        continue
                    }
                }
                append(bytes[index])
                index &+= 1
            }
        }
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if pendingC2 {
            pendingC2 = false
            if byte == 0xA0 { pendingSpace = true; return }
            emit(0xC2)
        }
        switch byte {
        case 0x20, 0x0A, 0x09, 0x0D, 0x0C: pendingSpace = true
        case 0xC2: pendingC2 = true
        default: emit(byte)
        }
    }

    @inline(__always)
    private mutating func emit(_ byte: UInt8) {
        if pendingSpace {
            pendingSpace = false
            if count > 0 { put(0x20) }
        }
        put(byte)
    }

    @inline(__always)
    private mutating func put(_ byte: UInt8) {
        guard count < output.count else { overflowed = true; return }
        output[count] = byte
        count &+= 1
    }

    /// The number of bytes written, once a held 0xC2 is out.
    mutating func finish() -> Int {
        if pendingC2 { pendingC2 = false; emit(0xC2) }
        return count
    }
}
