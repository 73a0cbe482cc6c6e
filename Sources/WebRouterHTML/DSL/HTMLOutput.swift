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
///
/// A page is hundreds of small appends (`"<"`, a tag name, `">"`, a few words), so the append
/// path is inlined into each renderer and writes straight into memory the buffer owns: one
/// check and one copy, without the generic bookkeeping of `Array.append`.
///
/// Copies of an `HTMLOutput` are independent values. Each copy keeps its own length; the
/// shared storage remembers how far the longest of them has written (`used`). A value may
/// append in place only while its length is that mark, so a copy that appends after the
/// other has written gets its own storage first. That check is two loads and a compare,
/// where `isKnownUniquelyReferenced` was a runtime call on every append.
public struct HTMLOutput {
    @usableFromInline package var storage: HTMLOutputStorage
    /// The bytes of `storage` this value holds.
    @usableFromInline var length: Int

    /// Creates an empty buffer that can hold `capacity` bytes before growing.
    public init(capacity: Int = 4096) {
        storage = HTMLOutputStorage(capacity: max(64, capacity))
        length = 0
    }

    /// The bytes written so far.
    public var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: storage.base, count: length))
    }

    /// The number of bytes written so far.
    public var count: Int { length }

    /// Appends a compile-time constant as is.
    @inlinable @inline(__always) public mutating func appendRaw(_ s: StaticString) {
        if s.hasPointerRepresentation {
            append(s.utf8Start, count: s.utf8CodeUnitCount)
        } else {
            s.withUTF8Buffer { append($0.baseAddress, count: $0.count) }
        }
    }

    /// Appends `s` as is, without escaping: only for markup the caller built itself.
    ///
    /// Disfavoured so that a literal (`output.appendRaw("<li>")`) takes the `StaticString`
    /// overload: Swift otherwise prefers `String` for literals, and every constant piece of
    /// markup went through a `String` and an out-of-line call.
    @_disfavoredOverload
    @inlinable public mutating func appendRaw(_ s: String) {
        if s.utf8.withContiguousStorageIfAvailable({ append($0.baseAddress, count: $0.count) }) == nil {
            var copy = s
            copy.withUTF8 { append($0.baseAddress, count: $0.count) }
        }
    }

    /// Appends what another buffer holds, as is (a fragment rendered on its own, then placed
    /// in the page without copying it to an array first).
    @inlinable public mutating func appendRaw(_ other: HTMLOutput) {
        if other.storage === storage {
            // The same memory (itself, or a copy): growing would free what is being read.
            let snapshot = other.bytes
            snapshot.withUnsafeBufferPointer { append($0.baseAddress, count: $0.count) }
        } else {
            append(other.storage.base, count: other.length)
        }
    }

    /// Appends bytes as is, without escaping.
    @inlinable public mutating func appendRaw<Bytes: Sequence>(bytes more: Bytes) where Bytes.Element == UInt8 {
        if more.withContiguousStorageIfAvailable({ append($0.baseAddress, count: $0.count) }) == nil {
            let array = Array(more)
            array.withUnsafeBufferPointer { append($0.baseAddress, count: $0.count) }
        }
    }

    /// Appends `s` as HTML text, escaping `& < > " '`.
    @inlinable public mutating func appendEscapedText(_ s: String) {
        appendEscaped(s)
    }

    /// Appends `s` as the inside of a double-quoted attribute value, escaping `& < > " '`.
    @inlinable public mutating func appendEscapedAttribute(_ s: String) {
        appendEscaped(s)
    }

    @inlinable mutating func appendEscaped(_ s: String) {
        let done: Void? = s.utf8.withContiguousStorageIfAvailable { appendEscaped(utf8: $0) }
        if done == nil {
            var copy = s
            copy.withUTF8 { appendEscaped(utf8: $0) }
        }
    }

    @usableFromInline mutating func appendEscaped(utf8 source: UnsafeBufferPointer<UInt8>) {
        guard let start = source.baseAddress else { return }
        let count = source.count
        // Most text has nothing to escape: find the first special byte, and copy a clean
        // string in one go.
        var special = Self.firstSpecial(in: start, from: 0, count: count)
        if special == count {
            append(start, count: count)
            return
        }
        reserve(count + 8)
        var runStart = 0
        while special < count {
            if runStart < special { append(start + runStart, count: special - runStart) }
            if let entity = Self.entity(for: start[special]) { appendRaw(entity) }
            runStart = special + 1
            special = Self.firstSpecial(in: start, from: runStart, count: count)
        }
        if runStart < count { append(start + runStart, count: count - runStart) }
    }

    /// The index of the first of `& < > " '` in `start[from..<count]`, or `count`.
    ///
    /// Eight bytes at a time: a byte equal to `c` is a zero byte of `word ^ c…c`, and the
    /// classic zero-byte test `(x - 0x01…01) & ~x & 0x80…80` marks it. The test can also mark
    /// a byte just above a real zero (the borrow), but never below the first one, so the
    /// lowest mark is exact. Page text is mostly clean runs of a few dozen bytes, where this
    /// does an eighth of the byte loop's comparisons and branches.
    @inline(__always) static func firstSpecial(in start: UnsafePointer<UInt8>, from: Int, count: Int) -> Int {
        var index = from
        let raw = UnsafeRawPointer(start)
        while index &+ 8 <= count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let marks = zeroBytes(word ^ 0x2626_2626_2626_2626) | zeroBytes(word ^ 0x3C3C_3C3C_3C3C_3C3C)
                | zeroBytes(word ^ 0x3E3E_3E3E_3E3E_3E3E) | zeroBytes(word ^ 0x2222_2222_2222_2222)
                | zeroBytes(word ^ 0x2727_2727_2727_2727)
            if marks != 0 { return index &+ marks.trailingZeroBitCount >> 3 }
            index &+= 8
        }
        while index < count && !needsEscape(start[index]) { index &+= 1 }
        return index
    }

    /// The high bit of every zero byte of `x` (and possibly of bytes above the first one).
    @inline(__always) static func zeroBytes(_ x: UInt64) -> UInt64 {
        (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
    }

    /// Whether `byte` is one of `& < > " '` (0x26 0x3C 0x3E 0x22 0x27): one shift of a 64-bit
    /// mask, as all five are below 64. The scan of a text's last few bytes runs it.
    @inline(__always) static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 64 && (0x5000_00C4_0000_0000 as UInt64) >> UInt64(byte) & 1 != 0
    }

    /// The entity for one of `& < > " '`, `nil` for any other byte. All five are at or below
    /// '>' (0x3E), so most bytes are settled by the first comparison.
    @inline(__always) static func entity(for byte: UInt8) -> StaticString? {
        guard byte <= 0x3E else { return nil }
        switch byte {
        case 0x26: return "&amp;"
        case 0x3C: return "&lt;"
        case 0x3E: return "&gt;"
        case 0x22: return "&quot;"
        case 0x27: return "&#39;"
        default: return nil
        }
    }

    /// Copies `count` bytes from `source` to the end of the buffer.
    @inlinable @inline(__always) mutating func append(_ source: UnsafePointer<UInt8>?, count: Int) {
        guard count > 0, let source else { return }
        reserve(count)
        appendAssumingCapacity(source, count: count)
    }

    /// Appends `<name` (the attributes and `>` follow): one capacity check for both parts.
    @inlinable mutating func appendOpenTag(_ name: StaticString) {
        guard name.hasPointerRepresentation else {
            appendRaw("<")
            appendRaw(name)
            return
        }
        let count = name.utf8CodeUnitCount
        reserve(count + 1)
        appendAssumingCapacity(UInt8(ascii: "<"))
        appendAssumingCapacity(name.utf8Start, count: count)
    }

    /// Appends `</name>` with one capacity check.
    @inlinable mutating func appendCloseTag(_ name: StaticString) {
        guard name.hasPointerRepresentation else {
            appendRaw("</")
            appendRaw(name)
            appendRaw(">")
            return
        }
        let count = name.utf8CodeUnitCount
        reserve(count + 3)
        appendAssumingCapacity(UInt8(ascii: "<"))
        appendAssumingCapacity(UInt8(ascii: "/"))
        appendAssumingCapacity(name.utf8Start, count: count)
        appendAssumingCapacity(UInt8(ascii: ">"))
    }

    /// Appends ` name="` (a value and `"` follow) with one capacity check.
    @inlinable mutating func appendAttributeStart(_ name: String) {
        var name = name
        name.withUTF8 { bytes in
            reserve(bytes.count + 3)
            appendAssumingCapacity(UInt8(ascii: " "))
            if let base = bytes.baseAddress { appendAssumingCapacity(base, count: bytes.count) }
            appendAssumingCapacity(UInt8(ascii: "="))
            appendAssumingCapacity(UInt8(ascii: "\""))
        }
    }

    /// Writes after ``reserve(_:)`` made room: no ownership or capacity check.
    ///
    /// Most pieces of a page are a few bytes (`li`, ` class="`, a word), which a call to
    /// `memcpy` copies at several times the cost of the copy itself: up to 16 bytes are moved
    /// with two overlapping loads and stores instead (for a tag name, whose length is a
    /// constant where the renderer is specialised, that is all that is left).
    @inlinable @inline(__always) mutating func appendAssumingCapacity(_ source: UnsafePointer<UInt8>, count: Int) {
        let destination = UnsafeMutableRawPointer(storage.base + length)
        let from = UnsafeRawPointer(source)
        if count >= 8 && count <= 16 {
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            destination.storeBytes(of: head, as: UInt64.self)
            destination.storeBytes(of: tail, toByteOffset: count &- 8, as: UInt64.self)
        } else if count >= 4 && count < 8 {
            let head = from.loadUnaligned(as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            destination.storeBytes(of: head, as: UInt32.self)
            destination.storeBytes(of: tail, toByteOffset: count &- 4, as: UInt32.self)
        } else if count < 4 {
            for index in 0..<count { destination.storeBytes(of: source[index], toByteOffset: index, as: UInt8.self) }
        } else {
            destination.copyMemory(from: from, byteCount: count)
        }
        length += count
        storage.used = length
    }

    /// Writes one byte after ``reserve(_:)`` made room.
    @inlinable @inline(__always) mutating func appendAssumingCapacity(_ byte: UInt8) {
        storage.base[length] = byte
        length += 1
        storage.used = length
    }

    /// Makes sure this value owns the end of its storage and that `count` more bytes fit.
    ///
    /// Always inlined, with the rare work out of line: it runs for every append, and the
    /// optimiser left it as a call (a few per cent of a page's CPU on its own).
    @inlinable @inline(__always) mutating func reserve(_ count: Int) {
        if _slowPath(storage.used != length || length + count > storage.capacity) {
            makeRoom(count)
        }
    }

    @usableFromInline @inline(never) mutating func makeRoom(_ count: Int) {
        if storage.used != length {
            // Another copy has written past this one's end: continue in storage of our own.
            storage = storage.copy(prefix: length, capacity: max(storage.capacity, length + count))
        }
        if length + count > storage.capacity { storage.grow(toAtLeast: length + count) }
    }
}

/// The memory behind an ``HTMLOutput``: a byte buffer it owns and frees.
///
/// Its fields opt out of dynamic exclusivity checking. Every access to a class's stored `var`
/// otherwise goes through `swift_beginAccess`/`swift_endAccess` (a thread-local access set),
/// which on a page of hundreds of small appends took about a fifth of the server's CPU.
/// Only ``HTMLOutput`` touches them, in single statements that cannot overlap (an
/// `HTMLOutput` is not `Sendable`, so one thread at a time uses a storage).
@usableFromInline package final class HTMLOutputStorage {
    @exclusivity(unchecked) @usableFromInline package var base: UnsafeMutablePointer<UInt8>
    /// How far the furthest-written copy of the ``HTMLOutput`` has written.
    @exclusivity(unchecked) @usableFromInline var used: Int
    @exclusivity(unchecked) @usableFromInline var capacity: Int

    init(capacity: Int) {
        self.base = .allocate(capacity: capacity)
        self.used = 0
        self.capacity = capacity
    }

    deinit { base.deallocate() }

    /// Makes the bytes written so far final: no ``HTMLOutput`` appends here again (their
    /// length can never equal a negative mark, so each continues in a copy of its own) and
    /// the memory is not moved until the storage is freed.
    package func seal() {
        used = -1
    }

    /// A storage of its own holding the first `prefix` bytes.
    @usableFromInline func copy(prefix: Int, capacity: Int) -> HTMLOutputStorage {
        let copy = HTMLOutputStorage(capacity: capacity)
        copy.base.update(from: base, count: prefix)
        copy.used = prefix
        return copy
    }

    /// Grows to hold at least `needed` bytes, doubling so appends stay amortised O(1).
    /// Every copy sharing the storage keeps reading its own prefix through `base`.
    @usableFromInline func grow(toAtLeast needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: used)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
