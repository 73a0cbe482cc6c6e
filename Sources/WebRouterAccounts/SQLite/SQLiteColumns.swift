#if SQLite
import GRDBSQLite

/// The current row of a statement being read by `SQLiteReaders.firstRow`, by column index
/// (no lookup by name, no `Row` copied): only inside the `decode` closure.
///
/// ```swift
/// try readers.firstRow("SELECT bio, favourite_team_id FROM account WHERE username = ?", ["demo"]) { row in
///     (row.text(0), row.optionalInt(1))
/// }
/// ```
public struct SQLiteColumns {
    /// The statement, stepped to a row; valid only inside the `decode` closure it is given to.
    let statement: OpaquePointer

    /// Column `index` as text (`""` for NULL).
    public func text(_ index: Int32) -> String {
        guard let bytes = sqlite3_column_text(statement, index) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Column `index` as an integer, `nil` for NULL.
    public func optionalInt(_ index: Int32) -> Int? {
        sqlite3_column_type(statement, index) == SQLITE_NULL ? nil : Int(sqlite3_column_int64(statement, index))
    }
}
#endif
