#if PostgreSQL
import Logging
import PostgresNIO

/// The demo's accounts on a PostgreSQL server (`webapp serve --database postgres://…`), for
/// instances on several hosts: a connection pool (`PostgresClient`, running until `close()`)
/// and the schema's migrations (`AccountSchema.migrations`, the same as SQLite's), run at
/// start. Migrations are idempotent and safe when several instances start at once: each start
/// takes one advisory lock, reads which migrations the `schema_migration` table records, and
/// applies the others in the same transaction.
///
/// ```swift
/// let database = try await PostgresAccountDatabase.open(try PostgresAddress(parsing: "postgres://scores@db/scores"))
/// let store = AccountStore(storage: PostgresAccountStorage(client: database.client))
/// database.close()
/// ```
final class PostgresAccountDatabase: Sendable {
    /// The pool every query goes through.
    let client: PostgresClient
    private let running: Task<Void, Never>

    private init(client: PostgresClient) {
        self.client = client
        running = Task { await client.run() }
    }

    /// Connects to `address` and migrates its schema; throws when the server cannot be reached
    /// or refuses (then nothing keeps running). `passwordIterations` is for the seeded `demo`
    /// account when the first migration runs.
    static func open(_ address: PostgresAddress, passwordIterations: Int = PasswordHash.defaultIterations,
                     logger: Logger = Logger(label: "webapp.postgres")) async throws -> PostgresAccountDatabase {
        var configuration = address.configuration
        configuration.options.connectTimeout = .seconds(10)
        let database = PostgresAccountDatabase(client: PostgresClient(configuration: configuration, backgroundLogger: logger))
        do {
            try await database.migrate(passwordIterations: passwordIterations, logger: logger)
        } catch {
            database.close()
            throw error
        }
        return database
    }

    /// Stops the pool (its connections close).
    func close() {
        running.cancel()
    }

    /// Any number for the advisory lock migrations take, the same in every instance.
    private static let migrationLock = 0x7765_6261_7070   // "webapp"

    private func migrate(passwordIterations: Int, logger: Logger) async throws {
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(Self.migrationLock))", logger: logger)
            try await connection.query(
                "CREATE TABLE IF NOT EXISTS schema_migration (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())",
                logger: logger)
            var applied = Set<String>()
            for try await name in try await connection.query("SELECT name FROM schema_migration", logger: logger)
                .decode(String.self) {
                applied.insert(name)
            }
            for migration in AccountSchema.migrations where !applied.contains(migration.name) {
                for step in migration.steps {
                    try await connection.query(Self.query(step, passwordIterations: passwordIterations), logger: logger)
                }
                try await connection.query("INSERT INTO schema_migration (name) VALUES (\(migration.name))", logger: logger)
                logger.info("applied the migration \"\(migration.name)\"")
            }
        }
    }

    /// One step of `AccountSchema.migrations`, in PostgreSQL's dialect.
    private static func query(_ step: AccountSchema.Step, passwordIterations: Int) -> PostgresQuery {
        switch step {
        case .createTable(let table):
            return PostgresQuery(unsafeSQL: table.createSQL(.postgres))
        case .createIndex(let name, let table, let columns):
            return PostgresQuery(unsafeSQL: AccountSchema.createIndexSQL(name: name, table: table, columns: columns))
        case .seedDemoAccount:
            // Hashed only when the step runs (PBKDF2 takes a moment).
            let demo = AccountSchema.demoAccount(passwordIterations: passwordIterations)
            var binds = PostgresBindings()
            binds.append(demo.username)
            binds.append(demo.displayName)
            binds.append(demo.passwordHash.encoded)
            binds.append(demo.favouriteTeamID)
            binds.append(demo.bio)
            return PostgresQuery(unsafeSQL: AccountSchema.insertAccountSQL(.postgres), binds: binds)
        }
    }
}
#endif
