import Foundation
import GRDB
import WebRouterAccounts

/// Opens the demo's SQLite database: the accounts (`SQLiteAccountDatabase`) and the demo's
/// profiles (`DemoSchema`) in one file, migrated at start and shared by every instance on a host.
///
/// ```swift
/// let database = try DemoDatabase.open(path: "webapp.sqlite")
/// let data = DemoData(database: database)
/// ```
enum DemoDatabase {
    /// The environment variable `webapp serve` reads when `--database` is not given.
    static let environmentVariable = "WEBAPP_DATABASE"
    /// The file used when neither `--database` nor `WEBAPP_DATABASE` names one, relative to
    /// the working directory.
    static let defaultPath = "webapp.sqlite"

    /// Opens (creating if needed) the database at `path` and migrates it. `passwordIterations`
    /// is for the seeded `demo` account; `prepare` runs on every new connection.
    static func open(
        path: String,
        passwordIterations: Int = PasswordHash.defaultIterations,
        busyTimeout: TimeInterval = 5,
        readonly: Bool = false,
        prepare: (@Sendable (Database) throws -> Void)? = nil
    ) throws -> DatabasePool {
        try SQLiteAccountDatabase.open(path: path, appMigrations: DemoSchema.migrations(passwordIterations: passwordIterations),
                                       busyTimeout: busyTimeout, readonly: readonly, prepare: prepare)
    }

    /// A migrated database in memory, gone with the process (for `webapp routes` and tests).
    static func inMemory(passwordIterations: Int = PasswordHash.defaultIterations) throws -> DatabaseQueue {
        try SQLiteAccountDatabase.inMemory(appMigrations: DemoSchema.migrations(passwordIterations: passwordIterations))
    }
}
