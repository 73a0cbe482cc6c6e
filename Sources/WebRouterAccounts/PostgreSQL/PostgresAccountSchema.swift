#if PostgreSQL
public import Logging
public import PostgresNIO

/// Runs the accounts' migrations on a PostgreSQL server (``AccountSchema/migrations``, then the
/// app's), for instances on several hosts: idempotent and safe when several instances start
/// at once. Each start takes one advisory lock, reads which migrations the
/// `account_schema_migration` table records, and applies the others in the same transaction.
/// The client is the app's: it runs it (`await client.run()`) before migrating.
///
/// ```swift
/// let client = PostgresClient(configuration: configuration)
/// let running = Task.immediate { await client.run() }
/// try await PostgresAccountSchema.migrate(client)
/// let store = AccountStore(storage: PostgresAccountStorage(client: client))
/// ```
public enum PostgresAccountSchema {
    /// Any number for the advisory lock migrations take, the same in every instance.
    static let migrationLock = 0x7772_6163_636f   // "wracco"

    /// Applies the migrations `client`'s database does not record yet: the module's, then `appMigrations`.
    public static func migrate(_ client: PostgresClient, appMigrations: [AccountMigration] = [],
                               logger: Logger = Logger(label: "webrouter.accounts")) async throws {
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(Self.migrationLock))", logger: logger)
            try await connection.query(
                "CREATE TABLE IF NOT EXISTS account_schema_migration (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())",
                logger: logger)
            var applied = Set<String>()
            for try await name in try await connection.query("SELECT name FROM account_schema_migration", logger: logger)
                .decode(String.self) {
                applied.insert(name)
            }
            for migration in AccountSchema.migrations + appMigrations where !applied.contains(migration.name) {
                for statement in migration.postgreSQL {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query("INSERT INTO account_schema_migration (name) VALUES (\(migration.name))", logger: logger)
                logger.info("applied the migration \"\(migration.name)\"")
            }
        }
    }
}
#endif
