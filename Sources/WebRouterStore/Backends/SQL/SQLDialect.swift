import Foundation

/// What differs between SQLite's SQL and PostgreSQL's for the statements the store writes:
/// placeholders, type names, literals, how text is ordered.
package enum SQLDialect: Sendable {
    case sqlite, postgres

    func placeholder(_ index: Int) -> String {
        self == .sqlite ? "?" : "$\(index)"
    }

    /// A name in double quotes (checked as an identifier before, so no quote inside).
    static func quote(_ name: String) -> String { "\"" + name + "\"" }

    func typeName(_ type: ColumnType) -> String {
        switch (type, self) {
        case (.text, _): "TEXT"
        case (.integer, .sqlite), (.bool, .sqlite), (.date, .sqlite): "INTEGER"
        case (.integer, .postgres): "BIGINT"
        case (.real, .sqlite): "REAL"
        case (.real, .postgres): "DOUBLE PRECISION"
        case (.bool, .postgres): "BOOLEAN"
        case (.date, .postgres): "TIMESTAMPTZ"
        case (.blob, .sqlite): "BLOB"
        case (.blob, .postgres): "BYTEA"
        }
    }

    /// `value` written into SQL (a column's default).
    func literal(_ value: StoreValue) -> String {
        switch value {
        case .null: return "NULL"
        case .integer(let number): return String(number)
        case .real(let number): return number.isFinite ? "\(number)" : "NULL"
        case .text(let text): return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        case .bool(let flag): return self == .sqlite ? (flag ? "1" : "0") : (flag ? "TRUE" : "FALSE")
        case .date(let date):
            let microseconds = date.microsecondsSince1970
            return self == .sqlite ? String(microseconds) : "to_timestamp(\(microseconds)::double precision / 1000000)"
        case .blob(let bytes):
            let hex = bytes.map { String(format: "%02x", $0) }.joined()
            return self == .sqlite ? "X'\(hex)'" : "'\\x\(hex)'::bytea"
        }
    }
}

/// A statement and its values, bound in order.
package struct SQLStatement: Sendable {
    package var sql: String
    package var binds: [StoreValue]
}
