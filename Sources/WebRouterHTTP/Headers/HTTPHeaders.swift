/// An ordered list of HTTP header fields with case-insensitive lookup.
///
/// Order and repeated names are kept, so several `Set-Cookie` fields survive:
/// ```swift
/// var headers: HTTPHeaders = ["Content-Type": "text/plain"]
/// headers.add(name: "Set-Cookie", value: "a=1")
/// headers["content-type"]   // "text/plain"
/// ```
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral, Equatable {
    /// One header field.
    public typealias Element = (name: String, value: String)

    @usableFromInline package var fields: [Element]

    /// An empty header list.
    public init() {
        fields = []
    }

    /// Headers from `(name, value)` pairs, in order.
    public init(_ pairs: [(String, String)]) {
        fields = pairs.map { (name: $0.0, value: $0.1) }
    }

    /// Headers from a literal, in order: `["Content-Type": "text/plain"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// Headers from a literal of pairs, in order, names free to repeat: `[("Set-Cookie", "a=1"), ("Set-Cookie", "b=2")]`.
    public init(arrayLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// One field, with room for `capacity` in all: a response's first header, before the
    /// security headers and cookies are added (a literal built two arrays, then grew a third).
    init(name: String, value: String, capacity: Int) {
        fields = []
        fields.reserveCapacity(capacity)
        fields.append((name: name, value: value))
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Makes room for `count` fields in all, so adding them does not grow the list step by step.
    public mutating func reserveCapacity(_ count: Int) {
        fields.reserveCapacity(count)
    }

    /// Whether there is no field.
    public var isEmpty: Bool { fields.isEmpty }

    /// The value of the first field called `name` (case-insensitive), or `nil`.
    public subscript(name: String) -> String? {
        for field in fields where Self.equalCaseInsensitive(field.name, name) {
            return field.value
        }
        return nil
    }

    /// The values of every field called `name`, in order.
    public func values(for name: String) -> [String] {
        fields.lazy.filter { Self.equalCaseInsensitive($0.name, name) }.map(\.value)
    }

    /// Whether a field called `name` exists.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.equalCaseInsensitive($0.name, name) }
    }

    /// Appends a field, keeping any existing fields of the same name.
    public mutating func add(name: String, value: String) {
        fields.append((name: name, value: value))
    }

    /// Replaces every field called `name` with one field holding `value`.
    public mutating func set(name: String, value: String) {
        if let index = fields.firstIndex(where: { Self.equalCaseInsensitive($0.name, name) }) {
            fields[index].value = value
            var next = index + 1
            while next < fields.count {
                if Self.equalCaseInsensitive(fields[next].name, name) {
                    fields.remove(at: next)
                } else {
                    next += 1
                }
            }
        } else {
            fields.append((name: name, value: value))
        }
    }

    /// Removes every field called `name`.
    public mutating func remove(name: String) {
        fields.removeAll { Self.equalCaseInsensitive($0.name, name) }
    }

    public func makeIterator() -> IndexingIterator<[Element]> {
        fields.makeIterator()
    }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    /// ASCII case-insensitive comparison without allocating lowercased copies.
    package static func equalCaseInsensitive(_ a: String, _ b: String) -> Bool {
        // Different lengths settle most comparisons (UTF-8 counts are O(1) for native strings).
        guard a.utf8.count == b.utf8.count else { return false }
        // Names spelled the same way (the usual case: the framework's own constants) compare
        // as a few words of memory.
        if a == b { return true }
        let compared = a.utf8.withContiguousStorageIfAvailable { lhs in
            b.utf8.withContiguousStorageIfAvailable { rhs in
                for index in 0..<lhs.count where lhs[index] != rhs[index] && ASCII.lower(lhs[index]) != ASCII.lower(rhs[index]) {
                    return false
                }
                return true
            }
        }
        if let contiguous = compared, let result = contiguous { return result }
        // Bridged or lazily stored strings: byte by byte through iterators.
        var lhs = a.utf8.makeIterator()
        var rhs = b.utf8.makeIterator()
        while let x = lhs.next(), let y = rhs.next() {
            if x != y && ASCII.lower(x) != ASCII.lower(y) { return false }
        }
        return true
    }
}

/// Small ASCII helpers shared by the HTTP parsers.
enum ASCII {
    @inline(__always)
    static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09
    }
}
