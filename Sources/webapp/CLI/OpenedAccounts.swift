import Foundation
import Logging
import WebRouter
#if PostgreSQL
import WebRouterStore
#endif

/// The accounts back-end `webapp serve --database` names, opened and migrated: an SQLite file
/// (`AccountDatabase`, the default) or a PostgreSQL server (`postgres://…`,
/// `PostgresAccountDatabase`), which also brings a `PostgresBroadcaster` listening, so page
/// refreshes cross instances on several hosts.
///
/// ```swift
/// let accounts = try await OpenedAccounts.open("postgres://scores@db.internal/scores", logger: logger)
/// defer { accounts.close() }
/// let data = DemoData(storage: accounts.storage)
/// if let broadcaster = accounts.broadcaster { configuration.live.broadcaster = broadcaster }
/// ```
struct OpenedAccounts: Sendable {
    /// Where accounts and sessions are kept.
    let storage: any AccountStorage
    /// Refreshes between instances, when the back-end carries them (PostgreSQL).
    let broadcaster: (any RefreshBroadcaster)?
    /// Stops what runs in the background (the pool, the listener).
    let close: @Sendable () -> Void

    /// Opens `location`: a `postgres://` or `postgresql://` address, else an SQLite file path.
    static func open(_ location: String, logger: Logger) async throws -> OpenedAccounts {
        guard location.hasPrefix("postgres://") || location.hasPrefix("postgresql://") else {
            let pool = try AccountDatabase.open(path: location)
            logger.info("accounts in \(URL(fileURLWithPath: location).standardizedFileURL.path)")
            return OpenedAccounts(storage: SQLiteAccountStorage(database: pool), broadcaster: nil, close: {})
        }
        #if PostgreSQL
        let address = try PostgresAddress(parsing: location)
        let database = try await PostgresAccountDatabase.open(address)
        let broadcaster = PostgresBroadcaster(client: database.client)
        let listening = Task { await broadcaster.run() }
        // Serving starts once this instance hears the others' refreshes (or says why not).
        if await !broadcaster.waitUntilListening(timeout: .seconds(10)) {
            logger.warning("not yet listening for refreshes on \(address); pages refresh from this instance only until it does")
        }
        logger.info("accounts in \(address); refreshes through its LISTEN/NOTIFY channel \(PostgresBroadcaster.channel)")
        return OpenedAccounts(storage: PostgresAccountStorage(client: database.client), broadcaster: broadcaster) {
            listening.cancel()
            database.close()
        }
        #else
        throw MissingTrait(message: BuildTraits.missing(.postgreSQL) ?? "")
        #endif
    }

    /// A `postgres://` address given to a build without the PostgreSQL trait.
    struct MissingTrait: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
