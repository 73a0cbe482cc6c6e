/// The decoded `name=value` pairs of a query string, in order.
///
/// `+` is a space and `%XX` escapes are decoded; bytes that are not UTF-8 become U+FFFD.
/// ```swift
/// let query = QueryItems(parsing: "q=swift+web&tag=a&tag=b")
/// query["q"]               // "swift web"
/// query.values(for: "tag") // ["a", "b"]
/// query.encoded            // "q=swift+web&tag=a&tag=b"
/// ```
public struct QueryItems: Sendable, Sequence, Equatable, ExpressibleByDictionaryLiteral {
    /// One query item.
    public typealias Element = (name: String, value: String)

    var items: [Element]

    /// Query items from `(name, value)` pairs, in order.
    public init(_ pairs: [(String, String)] = []) {
        items = pairs.map { (name: $0.0, value: $0.1) }
    }

    /// Query items from a literal, in order: `["q": "swift", "page": "2"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// Parses a raw query string (without `?`), keeping malformed escapes literally.
    public init(parsing raw: some StringProtocol) {
        items = []
        Self.parse(raw.utf8, into: &items, lenient: true)
    }

    /// Parses a raw query string strictly: `nil` when an escape is malformed.
    public static func strict(_ raw: some StringProtocol) -> QueryItems? {
        var items: [Element] = []
        guard parse(raw.utf8, into: &items, lenient: false) else { return nil }
        var result = QueryItems()
        result.items = items
        return result
    }

    /// Splits on `&`, then on the first `=`; empty pieces are skipped.
    @discardableResult
    static func parse<C: Collection>(_ utf8: C, into items: inout [Element], lenient: Bool) -> Bool
    where C.Element == UInt8 {
        for piece in utf8.split(separator: 0x26, omittingEmptySubsequences: true) {
            let name: String?
            let value: String?
            if let equals = piece.firstIndex(of: 0x3D) {
                name = PercentDecoding.decode(utf8: piece[..<equals], plusAsSpace: true, lenient: lenient)
                value = PercentDecoding.decode(
                    utf8: piece[piece.index(after: equals)...], plusAsSpace: true, lenient: lenient)
            } else {
                name = PercentDecoding.decode(utf8: piece, plusAsSpace: true, lenient: lenient)
                value = ""
            }
            guard let name, let value else { return false }
            items.append((name: name, value: value))
        }
        return true
    }

    /// The number of items.
    public var count: Int { items.count }

    /// Whether there is no item.
    public var isEmpty: Bool { items.isEmpty }

    /// The first value for `name`, or `nil`.
    public subscript(name: String) -> String? {
        items.first { $0.name == name }?.value
    }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] {
        items.lazy.filter { $0.name == name }.map(\.value)
    }

    /// Appends an item.
    public mutating func append(name: String, value: String) {
        items.append((name: name, value: value))
    }

    /// The canonical query string: a space as `+` (as browsers' forms send it), every other
    /// byte outside the unreserved set percent-encoded, items joined with `&` (no leading `?`).
    public var encoded: String {
        var result = ""
        for (index, item) in items.enumerated() {
            if index > 0 { result += "&" }
            result += Self.encode(item.name)
            result += "="
            result += Self.encode(item.value)
        }
        return result
    }

    /// Percent-encoded, a space as `+`.
    static func encode(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).map { PercentDecoding.encode($0) }.joined(separator: "+")
    }

    public func makeIterator() -> IndexingIterator<[Element]> {
        items.makeIterator()
    }

    public static func == (lhs: QueryItems, rhs: QueryItems) -> Bool {
        lhs.items.count == rhs.items.count
            && zip(lhs.items, rhs.items).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }
}
