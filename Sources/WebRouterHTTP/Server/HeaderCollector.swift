/// The request's header fields as libmicrohttpd 0.9.75 parsed them, with the NUL it hides.
///
/// libmicrohttpd ends each header line with NULs where its CR and LF were, and reads a field's
/// value as a C string: a NUL inside the value ends it there, and the rest of the line is lost
/// (`X: a\0b` arrives as `a`). The lines lie one after the other in the connection's read
/// buffer, so a value was cut when a byte other than NUL lies between its end and the next
/// field's name (or right after its own line end, for the last field). Such a value gets a NUL
/// appended, which ``HeaderValidation`` answers `400` (RFC 9110 §5.5).
struct HeaderCollector {
    var headers = HTTPHeaders()
    /// Where the previous field's value ended in the read buffer.
    private var previousEnd: UnsafeRawPointer?
    /// The most bytes between two fields that are read (the connection's memory bounds any gap).
    private let span: Int

    init(capacity: Int, span: Int) {
        headers.reserveCapacity(capacity)
        self.span = span
    }

    mutating func add(key: UnsafePointer<CChar>, keySize: Int, value: UnsafePointer<CChar>?, valueSize: Int) {
        let name = String(decoding: UnsafeRawBufferPointer(start: key, count: keySize), as: UTF8.self)
        let text = value.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: valueSize), as: UTF8.self) } ?? ""
        if let previousEnd, Self.hasBytes(from: previousEnd, to: UnsafeRawPointer(key), span: span) { markLastCut() }
        headers.add(name: name, value: text)
        previousEnd = value.map { UnsafeRawPointer($0 + valueSize) }
    }

    /// Checks the last field, whose line is followed by its own line end and the empty line
    /// (two NULs at least), and returns the headers.
    mutating func finish() -> HTTPHeaders {
        if let previousEnd, previousEnd.load(fromByteOffset: 1, as: UInt8.self) != 0 { markLastCut() }
        previousEnd = nil
        return headers
    }

    /// Whether a byte other than NUL lies in `start ..< end` (nothing is read when the two are
    /// not in order or farther apart than `span`, as after a folded line moved in the pool).
    private static func hasBytes(from start: UnsafeRawPointer, to end: UnsafeRawPointer, span: Int) -> Bool {
        let distance = end - start
        guard distance > 0, distance <= span else { return false }
        return UnsafeRawBufferPointer(start: start, count: distance).contains { $0 != 0 }
    }

    private mutating func markLastCut() {
        guard !headers.fields.isEmpty else { return }
        headers.fields[headers.fields.count - 1].value += "\u{0}"
    }
}
