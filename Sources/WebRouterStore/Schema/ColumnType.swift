/// What a column holds, the same on every backend: SQLite (`STRICT` tables) and PostgreSQL
/// refuse a value of another type, and so does the in-memory store.
/// ```swift
/// table.column("createdAt", .date)
/// ```
public enum ColumnType: String, Sendable, Hashable, CaseIterable {
    /// Text (`String`, `UUID`, `URL`, an enum with a `String` raw value, and any struct,
    /// array or dictionary, kept as JSON).
    case text
    /// A 64-bit integer (`Int`, `Int64`, … an enum with an `Int` raw value).
    case integer
    /// A double-precision number (`Double`, `Float`).
    case real
    /// `Bool` (PostgreSQL `BOOLEAN`, SQLite `0`/`1`).
    case bool
    /// `Date`, to the microsecond (PostgreSQL `TIMESTAMPTZ`, SQLite microseconds since 1970).
    case date
    /// Bytes (`Data`).
    case blob

    /// Whether a column of this type accepts `value` (`NULL` aside).
    package func accepts(_ value: StoreValue) -> Bool {
        switch (self, value) {
        case (_, .null), (.text, .text), (.integer, .integer), (.real, .real), (.real, .integer),
             (.bool, .bool), (.date, .date), (.blob, .blob):
            true
        default:
            false
        }
    }
}
