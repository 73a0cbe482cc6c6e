#if SQLite
public import GRDB

/// A result row read by column index, as both SQLite paths give it: ``SQLiteColumns`` (a file,
/// read on the caller's thread by ``SQLiteReaders``) and GRDB's `Row` (a database in memory),
/// so one decoder serves both.
///
/// ```swift
/// func name(from row: some SQLiteColumnReading) -> String { row.text(1) }
/// ```
public protocol SQLiteColumnReading {
    /// Column `index` as text.
    func text(_ index: Int32) -> String
    /// Column `index` as an integer, `nil` for NULL.
    func optionalInt(_ index: Int32) -> Int?
}

extension SQLiteColumns: SQLiteColumnReading {}

extension Row: SQLiteColumnReading {
    /// Column `index` as text (GRDB's conversion).
    public func text(_ index: Int32) -> String { self[Int(index)] }
    /// Column `index` as an integer, `nil` for NULL.
    public func optionalInt(_ index: Int32) -> Int? { self[Int(index)] }
}
#endif
