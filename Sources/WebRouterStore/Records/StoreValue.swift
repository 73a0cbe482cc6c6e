package import Foundation

/// One field's value as every backend keeps it: what a record encodes to and decodes from.
/// Integers, reals, text, booleans, dates (to the microsecond), bytes or nothing; a field that
/// is a struct, an array or a dictionary is JSON text.
package enum StoreValue: Hashable, Sendable, CustomStringConvertible {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case bool(Bool)
    case date(Date)
    case blob([UInt8])

    /// `date` to the microsecond, as PostgreSQL's `timestamptz` and the SQLite store keep it,
    /// so a value reads back equal on every backend.
    package static func date(rounding date: Date) -> StoreValue {
        .date(Date(microseconds: date.microsecondsSince1970))
    }

    package var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The value as it appears in a live key (`note/12`, `note/3F2A…`).
    package var keyText: String {
        switch self {
        case .null: "null"
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let value): value
        case .bool(let value): value ? "true" : "false"
        case .date(let value): String(value.microsecondsSince1970)
        case .blob(let bytes): bytes.map { String($0, radix: 16) }.joined()
        }
    }

    package var description: String {
        switch self {
        case .text(let value): "\"\(value)\""
        default: keyText
        }
    }

    /// SQL's order between two values of a column: numbers by value (an integer and a real
    /// compare), text by its UTF-8 bytes (SQLite's `BINARY`, PostgreSQL's `"C"`), `false`
    /// before `true`, dates in time; `nil` when either is `NULL` or the kinds differ.
    package static func compare(_ left: StoreValue, _ right: StoreValue) -> ComparisonResult? {
        switch (left, right) {
        case (.integer(let a), .integer(let b)): return order(a, b)
        case (.real(let a), .real(let b)): return order(a, b)
        case (.integer(let a), .real(let b)): return order(Double(a), b)
        case (.real(let a), .integer(let b)): return order(a, Double(b))
        case (.text(let a), .text(let b)):
            if a == b { return .orderedSame }
            return a.utf8.lexicographicallyPrecedes(b.utf8) ? .orderedAscending : .orderedDescending
        case (.bool(let a), .bool(let b)): return order(a ? 1 : 0, b ? 1 : 0)
        case (.date(let a), .date(let b)): return order(a.microsecondsSince1970, b.microsecondsSince1970)
        case (.blob(let a), .blob(let b)):
            if a == b { return .orderedSame }
            return a.lexicographicallyPrecedes(b) ? .orderedAscending : .orderedDescending
        default: return nil
        }
    }

    private static func order<T: Comparable>(_ a: T, _ b: T) -> ComparisonResult {
        a < b ? .orderedAscending : (a == b ? .orderedSame : .orderedDescending)
    }
}

extension Date {
    /// Microseconds since 1970, rounded: how the stores keep a date.
    package var microsecondsSince1970: Int64 {
        Int64((timeIntervalSince1970 * 1_000_000).rounded())
    }

    package init(microseconds: Int64) {
        // Whole seconds and the rest apart, so the Double is as close as it can be.
        let seconds = microseconds / 1_000_000
        let rest = microseconds % 1_000_000
        self.init(timeIntervalSince1970: Double(seconds) + Double(rest) / 1_000_000)
    }
}
