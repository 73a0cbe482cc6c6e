import Foundation
import GRDB

/// Opens the demo's SQLite database (user-written data: accounts and profiles), creating the
/// file and running its versioned migrations at start. One file serves every instance on a
/// host: it is opened in WAL mode (a `DatabasePool`), and a writer that finds the file locked
/// waits up to `busyTimeout` before giving up.
///
/// ```swift
/// let database = try AccountDatabase.open(path: "webapp.sqlite")
/// let store = AccountStore(database: database, validTeamIDs: Set(sample.teams.map(\.id)))
/// ```
enum AccountDatabase {
    /// The environment variable `webapp serve` reads when `--database` is not given.
    static let environmentVariable = "WEBAPP_DATABASE"
    /// The file used when neither `--database` nor `WEBAPP_DATABASE` names one, relative to
    /// the working directory.
    static let defaultPath = "webapp.sqlite"

    /// Opens (creating if needed) the database at `path` and migrates it. `passwordIterations`
    /// is used for the seeded `demo` account when the first migration runs; `prepare` runs on
    /// every new connection (tests use it to simulate a full disk).
    static func open(
        path: String,
        passwordIterations: Int = PasswordHash.defaultIterations,
        busyTimeout: TimeInterval = 5,
        readonly: Bool = false,
        prepare: (@Sendable (Database) throws -> Void)? = nil
    ) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.readonly = readonly
        configuration.label = "webapp.accounts"
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")   // safe in WAL mode, and much cheaper
            try prepare?(db)
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        if !readonly { try migrate(pool, passwordIterations: passwordIterations) }
        return pool
    }

    /// Runs the migrations not yet applied. GRDB reads which are applied before it takes the
    /// write lock, so when two instances start on a new file at the same moment, the second
    /// may try a migration the first has just committed and fail ("table already exists",
    /// rolled back). Then it reads again: nothing left to do is success.
    private static func migrate(_ pool: DatabasePool, passwordIterations: Int) throws {
        let migrator = migrator(passwordIterations: passwordIterations)
        for attempt in 1...3 {
            do {
                try migrator.migrate(pool)
                return
            } catch {
                if try pool.read({ db in try migrator.hasCompletedMigrations(db) }) { return }
                if attempt == 3 { throw error }
            }
        }
    }

    /// A migrated database in memory, gone with the process (for `webapp routes` and tests).
    static func inMemory(passwordIterations: Int = PasswordHash.defaultIterations) throws -> DatabaseQueue {
        let queue = try DatabaseQueue(configuration: Configuration())
        try migrator(passwordIterations: passwordIterations).migrate(queue)
        return queue
    }

    /// `AccountSchema.migrations`, in SQLite. Never edit a migration once released: add one.
    static func migrator(passwordIterations: Int) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in AccountSchema.migrations {
            migrator.registerMigration(migration.name) { db in
                for step in migration.steps {
                    switch step {
                    case .createTable(let table):
                        try db.execute(sql: table.createSQL(.sqlite))
                    case .createIndex(let name, let table, let columns):
                        try db.execute(sql: AccountSchema.createIndexSQL(name: name, table: table, columns: columns))
                    case .seedDemoAccount:
                        let demo = AccountSchema.demoAccount(passwordIterations: passwordIterations)
                        try db.execute(
                            sql: AccountSchema.insertAccountSQL(.sqlite),
                            arguments: [demo.username, demo.displayName, demo.passwordHash.encoded, demo.favouriteTeamID, demo.bio])
                    }
                }
            }
        }
        return migrator
    }
}
