#if SQLite
import GRDB
import GRDBSQLite

/// One read-only connection of `SQLiteReaders` and the statements compiled on it. Used by one
/// thread at a time: `SQLiteReaders` hands it out to one reader and takes it back.
///
/// ```swift
/// let connection = try SQLiteReadConnection(path: "webapp.sqlite", busyTimeoutMilliseconds: 10_000)
/// let count = try connection.firstRow("SELECT COUNT(*) FROM account", []) { $0.optionalInt(0) }
/// ```
final class SQLiteReadConnection: @unchecked Sendable {
    private let connection: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]

    init(path: String, busyTimeoutMilliseconds: Int32) throws {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) }
            sqlite3_close_v2(handle)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
        }
        connection = handle
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(connection)
    }

    func firstRow<T>(_ sql: String, _ arguments: [String], _ decode: (SQLiteColumns) throws -> T) throws -> T? {
        let statement = try self.statement(sql)
        // Reset at once: a statement left stepped would hold its read transaction (and the
        // WAL's checkpoint) open until the next read on this connection.
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (offset, argument) in arguments.enumerated() {
            // The bridged C string, with the length given (a `String` may hold a NUL).
            let code = sqlite3_bind_text(statement, Int32(offset + 1), argument, Int32(argument.utf8.count), Self.transient)
            guard code == SQLITE_OK else { throw error(sql) }
        }
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return try decode(SQLiteColumns(statement: statement))
        case SQLITE_DONE: return nil
        default: throw error(sql)
        }
    }

    /// The statement compiled for `sql` on this connection, compiled on first use.
    private func statement(_ sql: String) throws -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else { throw error(sql) }
        statements[sql] = statement
        return statement
    }

    /// SQLite's last error on this connection, as GRDB reports one.
    private func error(_ sql: String) -> DatabaseError {
        DatabaseError(resultCode: ResultCode(rawValue: sqlite3_extended_errcode(connection)),
                      message: String(cString: sqlite3_errmsg(connection)), sql: sql)
    }

    /// SQLite copies a bound value (`SQLITE_TRANSIENT`, a macro Swift does not import).
    private static var transient: sqlite3_destructor_type {
        unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
    }
}
#endif
