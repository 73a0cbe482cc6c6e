package import WebRouter

/// What a store runs on: memory, an SQLite file or a PostgreSQL server. Each speaks rows
/// (`[field: StoreValue]`); `Store` and `StoreTransaction` turn records into rows and back,
/// check names and feed the live keys, the same for every backend.
package protocol StoreBackend: Sendable {
    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    /// Writers take turns, within the process and (SQLite, PostgreSQL) across instances.
    func write<T: Sendable>(_ body: (any BackendConnection) async throws -> T) async throws -> T
    /// Runs `body` with a connection for reads outside any write.
    func read<T: Sendable>(_ body: (any BackendConnection) async throws -> T) async throws -> T
    /// In one exclusive transaction (one instance at a time): runs `apply` for each of `names`
    /// not yet recorded in `webrouter_migration`, in order, and records it. Returns those run.
    func migrate(_ names: [String], apply: (String, any BackendConnection) async throws -> Void) async throws -> [String]
    /// The tables and their columns, as the database has them now.
    func tables() async throws -> [String: Set<String>]
    /// The broadcaster that reaches every instance sharing this database.
    var broadcaster: any RefreshBroadcaster { get }
    /// Stops what runs in the background (the pool, the listener, the socket).
    func close() async
}

/// The table that records the migrations applied.
package let migrationTable = "webrouter_migration"

/// Rows in and out, inside a transaction or a read.
package protocol BackendConnection: Sendable {
    /// Inserts a row; `false` when its id exists already.
    func insert(_ table: String, _ fields: [String: StoreValue]) async throws -> Bool
    /// Inserts a row, or replaces the fields it gives of the row with its id.
    func upsert(_ table: String, _ fields: [String: StoreValue]) async throws
    /// Replaces the fields it gives of the row with its id; `false` when there is none.
    func update(_ table: String, _ fields: [String: StoreValue]) async throws -> Bool
    /// Deletes the rows of `query`; how many.
    func delete(_ query: RowQuery) async throws -> Int
    /// The rows of `query`, every column.
    func select(_ query: RowQuery) async throws -> [[String: StoreValue]]
    /// How many rows `query` has.
    func count(_ query: RowQuery) async throws -> Int
    /// A schema step (every kind but `.data`).
    func apply(_ step: SchemaStep) async throws
}
