import Logging
import PostgresNIO

/// The demo's accounts on a PostgreSQL server (`webapp serve --database postgres://…`), for
/// instances on several hosts: a connection pool (`PostgresClient`, running until `close()`)
/// and the schema's migrations, run at start. Migrations are idempotent and safe when several
/// instances start at once: each start takes one advisory lock, reads which migrations the
/// `schema_migration` table records, and applies the others in the same transaction.
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
            guard !Self.migrationNames.allSatisfy(applied.contains) else { return }
            // Hashed only when the first migration is to run (PBKDF2 takes a moment).
            let demoHash = applied.contains(Self.migrationNames[0])
                ? "" : PasswordHash(password: "demo", iterations: passwordIterations).encoded
            for migration in Self.migrations(demoHash: demoHash) where !applied.contains(migration.name) {
                for statement in migration.statements {
                    try await connection.query(statement, logger: logger)
                }
                try await connection.query("INSERT INTO schema_migration (name) VALUES (\(migration.name))", logger: logger)
                logger.info("applied the migration \"\(migration.name)\"")
            }
        }
    }

    private static let migrationNames = migrations(demoHash: "").map(\.name)

    /// The schema's history, oldest first, as `AccountDatabase`'s for SQLite. Never edit a
    /// migration once released: add one.
    private static func migrations(demoHash: String) -> [(name: String, statements: [PostgresQuery])] {
        [
            ("v1 accounts, with the demo account", [
                """
                CREATE TABLE account (
                    username TEXT NOT NULL PRIMARY KEY,
                    display_name TEXT NOT NULL,
                    password_hash TEXT NOT NULL,
                    favourite_team_id INTEGER,
                    bio TEXT NOT NULL DEFAULT ''
                )
                """,
                """
                INSERT INTO account (username, display_name, password_hash, favourite_team_id, bio)
                VALUES ('demo', 'Demo User', \(demoHash), 3, 'The pre-made account of the WebRouter demo.')
                """,
            ]),
            ("v2 sessions that can end", [
                // One row per signed-in session (the id is in the signed cookie): signing out
                // deletes it, a password change deletes the account's others.
                """
                CREATE TABLE session (
                    id TEXT NOT NULL PRIMARY KEY,
                    username TEXT NOT NULL REFERENCES account(username) ON DELETE CASCADE ON UPDATE CASCADE,
                    started_at BIGINT NOT NULL
                )
                """,
                "CREATE INDEX session_by_username ON session(username)",
            ]),
        ]
    }
}
