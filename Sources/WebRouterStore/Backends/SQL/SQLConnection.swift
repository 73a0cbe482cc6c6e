/// A backend connection that speaks SQL (SQLite's, PostgreSQL's): the row operations and the
/// schema steps are the same statements from ``SQLBuilder`` on either, so they are written once
/// here; a backend gives only how a statement runs and returns its rows.
protocol SQLConnection: BackendConnection {
    /// The statements in this connection's dialect.
    var builder: SQLBuilder { get }
    /// Runs `statement`, returning its rows (every column, by name).
    func rows(_ statement: SQLStatement) async throws -> [[String: StoreValue]]
    /// Runs a statement whose rows are not wanted (by default through `rows`).
    func execute(_ sql: String, _ binds: [StoreValue]) async throws
}

extension SQLConnection {
    func execute(_ sql: String, _ binds: [StoreValue]) async throws {
        _ = try await rows(SQLStatement(sql: sql, binds: binds))
    }

    /// Runs a statement without values whose rows are not wanted.
    func execute(_ sql: String) async throws {
        try await execute(sql, [])
    }

    /// The first column of each row of `sql`, as text.
    func strings(_ sql: String) async throws -> [String] {
        try await rows(SQLStatement(sql: sql, binds: [])).compactMap { row -> String? in
            if case .text(let text)? = row.values.first { return text }
            return nil
        }
    }

    /// In the write transaction `migrate` opened: runs `apply` for each of `names` that
    /// `webrouter_migration` does not record, in order, and records it. Returns those run.
    func runMigrations(_ names: [String], apply: (String, any BackendConnection) async throws -> Void) async throws -> [String] {
        try await execute(builder.createMigrationTable)
        let applied = Set(try await strings("SELECT \"name\" FROM \"\(migrationTable)\""))
        var ran: [String] = []
        for name in names where !applied.contains(name) {
            try await apply(name, self)
            try await execute("INSERT INTO \"\(migrationTable)\" (\"name\") VALUES (\(builder.dialect.placeholder(1)))", [.text(name)])
            ran.append(name)
        }
        return ran
    }

    func insert(_ table: String, _ fields: [String: StoreValue]) async throws -> Bool {
        try await !rows(builder.insert(table, fields)).isEmpty
    }

    func upsert(_ table: String, _ fields: [String: StoreValue]) async throws {
        _ = try await rows(builder.upsert(table, fields))
    }

    func update(_ table: String, _ fields: [String: StoreValue]) async throws -> Bool {
        try await !rows(builder.update(table, fields)).isEmpty
    }

    func delete(_ query: RowQuery) async throws -> Int {
        try await rows(builder.delete(query)).count
    }

    func select(_ query: RowQuery) async throws -> [[String: StoreValue]] {
        try await rows(builder.select(query))
    }

    func count(_ query: RowQuery) async throws -> Int {
        guard case .integer(let count)? = try await rows(builder.count(query)).first?.values.first else { return 0 }
        return Int(count)
    }

    func apply(_ step: SchemaStep) async throws {
        // A table the store did not create is taken over only where it exists.
        if case .adoptTable(let legacy, _, _) = step, try await rows(builder.tableExists(legacy)).isEmpty { return }
        for sql in builder.statements(step) { try await execute(sql) }
    }
}
