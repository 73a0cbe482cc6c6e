import GRDB
import Testing
@testable import webapp

/// The schema the SQLite store ends with is the one `AccountSchema` declares, and both dialects
/// declare the same columns (the PostgreSQL store is migrated by the deployment suite).
@Suite("Account schema")
struct AccountSchemaTests {
    @Test func aMigratedSQLiteFileHasTheDeclaredTablesAndTheDemoAccount() async throws {
        try await withMigratedDatabase { database, _ in
            for table in AccountSchema.tables {
                let columns = try await database.read { db in
                    try Row.fetchAll(db, sql: "PRAGMA table_info(\(table.name))").map { row in
                        ColumnShape(name: row["name"], type: row["type"], isNullable: row["notnull"] == 0,
                                    isPrimaryKey: row["pk"] != 0, hasDefault: row["dflt_value"] as String? != nil)
                    }
                }
                #expect(columns == ColumnShape.declared(table, .sqlite), "table \(table.name)")
            }
            let indexes = try await database.read { db in
                try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'")
            }
            #expect(indexes == ["session_by_username"])
            let demo = try await SQLiteAccountStorage(database: database).account(named: "demo")
            #expect(demo?.displayName == "Demo User" && demo?.favouriteTeamID == 3)
            #expect(demo?.passwordHash.verifies("demo") == true)
        }
    }

    @Test func bothDialectsDeclareTheSameColumnsAndDifferOnlyInTypeNames() {
        for table in AccountSchema.tables {
            let sqlite = ColumnShape.declared(table, .sqlite), postgres = ColumnShape.declared(table, .postgres)
            #expect(sqlite.map(\.name) == postgres.map(\.name))
            #expect(sqlite.map(\.isNullable) == postgres.map(\.isNullable))
            #expect(sqlite.map(\.isPrimaryKey) == postgres.map(\.isPrimaryKey))
        }
        #expect(AccountSchema.session.createSQL(.sqlite).hasSuffix("started_at INTEGER NOT NULL) STRICT"))
        #expect(AccountSchema.session.createSQL(.postgres).hasSuffix("started_at BIGINT NOT NULL)"))
        #expect(AccountSchema.insertAccountSQL(.postgres).hasSuffix("VALUES ($1, $2, $3, $4, $5)"))
    }
}

/// A column as a database reports it: what the stores' schemas are compared on.
struct ColumnShape: Equatable, CustomStringConvertible {
    let name: String
    let type: String
    let isNullable: Bool
    let isPrimaryKey: Bool
    let hasDefault: Bool

    /// The columns `table` declares, as `dialect` reports them back.
    static func declared(_ table: AccountSchema.Table, _ dialect: AccountSchema.Dialect) -> [ColumnShape] {
        table.columns.map { column in
            ColumnShape(name: column.name, type: AccountSchema.Column.typeName(column.kind, dialect),
                        isNullable: column.isNullable, isPrimaryKey: column.isPrimaryKey, hasDefault: column.defaultValue != nil)
        }
    }

    var description: String {
        "\(name) \(type)\(isNullable ? "" : " NOT NULL")\(isPrimaryKey ? " PRIMARY KEY" : "")\(hasDefault ? " DEFAULT" : "")"
    }
}
