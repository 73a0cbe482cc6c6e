/// The statements the SQL backends run, from rows, queries and schema steps. Every name was
/// checked as an identifier (by the schema, or against the table's columns) before it gets here.
package struct SQLBuilder: Sendable {
    let dialect: SQLDialect
    /// Text columns by table (PostgreSQL): ordered byte-wise (`COLLATE "C"`), as SQLite and the
    /// in-memory store order text, whatever the database's locale.
    var textColumns: [String: Set<String>] = [:]

    private static func q(_ name: String) -> String { SQLDialect.quote(name) }

    // MARK: Rows

    /// `INSERT … ON CONFLICT ("id") DO NOTHING RETURNING "id"`: no row back means the id exists.
    func insert(_ table: String, _ fields: [String: StoreValue]) -> SQLStatement {
        let names = fields.keys.sorted()
        let values = names.indices.map { dialect.placeholder($0 + 1) }
        return SQLStatement(
            sql: "INSERT INTO \(Self.q(table)) (\(names.map(Self.q).joined(separator: ", "))) VALUES (\(values.joined(separator: ", "))) ON CONFLICT (\"id\") DO NOTHING RETURNING \"id\"",
            binds: names.map { fields[$0]! })
    }

    /// `INSERT … ON CONFLICT ("id") DO UPDATE SET` the fields given.
    func upsert(_ table: String, _ fields: [String: StoreValue]) -> SQLStatement {
        let names = fields.keys.sorted()
        let values = names.indices.map { dialect.placeholder($0 + 1) }
        let updates = names.filter { $0 != "id" }.map { "\(Self.q($0)) = excluded.\(Self.q($0))" }
        let conflict = updates.isEmpty ? "DO NOTHING" : "DO UPDATE SET " + updates.joined(separator: ", ")
        return SQLStatement(
            sql: "INSERT INTO \(Self.q(table)) (\(names.map(Self.q).joined(separator: ", "))) VALUES (\(values.joined(separator: ", "))) ON CONFLICT (\"id\") \(conflict)",
            binds: names.map { fields[$0]! })
    }

    /// `UPDATE … WHERE "id" = … RETURNING "id"`: no row back means there is no such id.
    func update(_ table: String, _ fields: [String: StoreValue]) -> SQLStatement {
        let names = fields.keys.sorted().filter { $0 != "id" }
        var binds = names.map { fields[$0]! }
        let sets = names.enumerated().map { "\(Self.q($1)) = \(dialect.placeholder($0 + 1))" }
        binds.append(fields["id"] ?? .null)
        let set = sets.isEmpty ? "\"id\" = \"id\"" : sets.joined(separator: ", ")
        return SQLStatement(
            sql: "UPDATE \(Self.q(table)) SET \(set) WHERE \"id\" = \(dialect.placeholder(binds.count)) RETURNING \"id\"",
            binds: binds)
    }

    /// `SELECT *` of the query: its conditions, its orders then the id, its window.
    func select(_ query: RowQuery, columns: String = "*") -> SQLStatement {
        var binds: [StoreValue] = []
        let filter = whereClause(query, &binds)
        let text = textColumns[query.table] ?? []
        let orders = (query.orders + [RowOrder(field: "id", descending: false)]).map { order -> String in
            let collated = text.contains(order.field) ? " COLLATE \"C\"" : ""
            let direction = order.descending ? "DESC" : "ASC"
            // SQLite's NULL order, everywhere: first going up, last going down.
            let nulls = dialect == .postgres ? (order.descending ? " NULLS LAST" : " NULLS FIRST") : ""
            return Self.q(order.field) + collated + " " + direction + nulls
        }
        var sql = "SELECT \(columns) FROM \(Self.q(query.table))\(filter) ORDER BY \(orders.joined(separator: ", "))"
        if query.limit != nil || query.offset > 0 {
            let limit = query.limit.map(String.init) ?? (dialect == .sqlite ? "-1" : "ALL")
            sql += " LIMIT \(limit) OFFSET \(query.offset)"
        }
        return SQLStatement(sql: sql, binds: binds)
    }

    /// `SELECT COUNT(*)` of the query's rows.
    func count(_ query: RowQuery) -> SQLStatement {
        var inner = select(query, columns: "\"id\"")
        inner.sql = "SELECT COUNT(*) FROM (\(inner.sql)) AS counted"
        return inner
    }

    /// `DELETE` of the query's rows, `RETURNING "id"` to count them.
    func delete(_ query: RowQuery) -> SQLStatement {
        if query.limit == nil && query.offset == 0 && query.orders.isEmpty {
            var binds: [StoreValue] = []
            let filter = whereClause(query, &binds)
            return SQLStatement(sql: "DELETE FROM \(Self.q(query.table))\(filter) RETURNING \"id\"", binds: binds)
        }
        var inner = select(query, columns: "\"id\"")
        inner.sql = "DELETE FROM \(Self.q(query.table)) WHERE \"id\" IN (\(inner.sql)) RETURNING \"id\""
        return inner
    }

    private func whereClause(_ query: RowQuery, _ binds: inout [StoreValue]) -> String {
        guard !query.conditions.isEmpty else { return "" }
        let text = textColumns[query.table] ?? []
        let tests = query.conditions.map { condition -> String in
            let field = Self.q(condition.field)
            if condition.value.isNull {
                switch condition.comparison {
                case .equal: return "\(field) IS NULL"
                case .notEqual: return "\(field) IS NOT NULL"
                default: return "1 = 0"   // an order with NULL holds for no row
                }
            }
            binds.append(condition.value)
            let ordered = condition.comparison != .equal && condition.comparison != .notEqual
            let collated = ordered && text.contains(condition.field) ? " COLLATE \"C\"" : ""
            return "\(field)\(collated) \(condition.comparison.rawValue) \(dialect.placeholder(binds.count))"
        }
        return " WHERE " + tests.joined(separator: " AND ")
    }

    // MARK: Schema

    /// The statements of one schema step (none for `.data`).
    func statements(_ step: SchemaStep) -> [String] {
        switch step {
        case .createTable(let table):
            let id = "\"id\" \(dialect.typeName(table.idType)) NOT NULL PRIMARY KEY"
            let columns = [id] + table.columns.map(column)
            return ["CREATE TABLE \(Self.q(table.name)) (\(columns.joined(separator: ", ")))" + (dialect == .sqlite ? " STRICT" : "")]
        case .addColumn(let table, let definition):
            return ["ALTER TABLE \(Self.q(table)) ADD COLUMN \(column(definition))"]
        case .createIndex(let name, let table, let columns, let unique):
            return ["CREATE \(unique ? "UNIQUE " : "")INDEX \(Self.q(name)) ON \(Self.q(table)) (\(columns.map(Self.q).joined(separator: ", ")))"]
        case .dropIndex(let name):
            return ["DROP INDEX \(Self.q(name))"]
        case .dropTable(let name):
            return ["DROP TABLE \(Self.q(name))"]
        case .adoptTable(let legacy, let table, let columns):
            let names = columns.keys.sorted()
            return [
                "INSERT INTO \(Self.q(table)) (\(names.map(Self.q).joined(separator: ", "))) SELECT \(names.map { Self.q(columns[$0]!) }.joined(separator: ", ")) FROM \(Self.q(legacy))",
                "DROP TABLE \(Self.q(legacy))",
            ]
        case .data:
            return []
        }
    }

    /// One row when the table `name` exists (in PostgreSQL's current schema), none otherwise.
    func tableExists(_ name: String) -> SQLStatement {
        let sql = dialect == .sqlite
            ? "SELECT 1 AS found FROM sqlite_schema WHERE type = 'table' AND name = ?"
            : "SELECT 1 AS found FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = $1"
        return SQLStatement(sql: sql, binds: [.text(name)])
    }

    private func column(_ definition: ColumnDefinition) -> String {
        var parts = [Self.q(definition.name), dialect.typeName(definition.type)]
        if !definition.isOptional { parts.append("NOT NULL") }
        if let value = definition.defaultValue { parts.append("DEFAULT " + dialect.literal(value)) }
        if definition.isUnique { parts.append("UNIQUE") }
        return parts.joined(separator: " ")
    }

    /// The migrations table, if missing.
    var createMigrationTable: String {
        let time = dialect == .sqlite ? "INTEGER NOT NULL DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000000 AS INTEGER))" : "TIMESTAMPTZ NOT NULL DEFAULT now()"
        return "CREATE TABLE IF NOT EXISTS \(Self.q(migrationTable)) (\"name\" TEXT NOT NULL PRIMARY KEY, \"applied_at\" \(time))"
    }
}
