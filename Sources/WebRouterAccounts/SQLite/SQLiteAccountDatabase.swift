#if SQLite
public import Foundation
public import GRDB

/// Opens an app's SQLite database for accounts (and any tables the app keeps beside them),
/// creating the file and running the versioned migrations at start: the module's
/// (``AccountSchema/migrations``), then the app's. One file serves every instance on a host:
/// it is opened in WAL mode (a `DatabasePool`), and a writer that finds the file locked waits
/// up to `busyTimeout` before giving up.
///
/// ```swift
/// let database = try SQLiteAccountDatabase.open(path: "app.sqlite")
/// let store = AccountStore(storage: SQLiteAccountStorage(database: database))
/// ```
public enum SQLiteAccountDatabase {
    /// Opens (creating if needed) the database at `path` and migrates it with the module's
    /// migrations and then `appMigrations`. `prepare` runs on every new connection (tests use
    /// it to simulate a full disk).
    public static func open(
        path: String,
        appMigrations: [AccountMigration] = [],
        busyTimeout: TimeInterval = 5,
        readonly: Bool = false,
        prepare: (@Sendable (Database) throws -> Void)? = nil
    ) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.readonly = readonly
        configuration.label = "webrouter.accounts"
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")   // safe in WAL mode, and much cheaper
            try prepare?(db)
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        if !readonly { try migrate(pool, appMigrations: appMigrations) }
        return pool
    }

    /// Runs the migrations not yet applied. GRDB reads which are applied before it takes the
    /// write lock, so when two instances start on a new file at the same moment, the second
    /// may try a migration the first has just committed and fail ("table already exists",
    /// rolled back). Then it reads again: nothing left to do is success.
    private static func migrate(_ pool: DatabasePool, appMigrations: [AccountMigration]) throws {
        let migrator = migrator(appMigrations: appMigrations)
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

    /// A migrated database in memory, gone with the process (tests, a command that needs no data).
    public static func inMemory(appMigrations: [AccountMigration] = []) throws -> DatabaseQueue {
        let queue = try DatabaseQueue(configuration: Configuration())
        try migrator(appMigrations: appMigrations).migrate(queue)
        return queue
    }

    /// The module's migrations, then `appMigrations`, as one GRDB migrator.
    public static func migrator(appMigrations: [AccountMigration] = []) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in AccountSchema.migrations + appMigrations {
            migrator.registerMigration(migration.name) { db in
                for statement in migration.sqlite { try db.execute(sql: statement) }
            }
        }
        return migrator
    }
}
#endif
