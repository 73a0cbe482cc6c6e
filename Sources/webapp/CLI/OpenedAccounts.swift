import Foundation
import Logging
import WebRouter
import WebRouterAccounts
#if PostgreSQL
import PostgresNIO
import WebRouterStore
#endif

/// The accounts back-end `webapp serve --database` names, opened and migrated: an SQLite file
/// (`DemoDatabase`, the default) or a PostgreSQL server (`postgres://…`, a `PostgresClient`
/// migrated with `PostgresAccountSchema`), which also brings a `PostgresBroadcaster`
/// listening, so page refreshes cross instances on several hosts.
///
/// ```swift
/// let accounts = try await OpenedAccounts.open("postgres://scores@db.internal/scores", logger: logger)
/// defer { accounts.close() }
/// let data = DemoData(storage: accounts.storage)
/// if let broadcaster = accounts.broadcaster { configuration.live.broadcaster = broadcaster }
/// ```
struct OpenedAccounts: Sendable {
    /// Where accounts, sessions and profiles are kept.
    let storage: DemoStorage
    /// Refreshes between instances, when the back-end carries them (PostgreSQL).
    let broadcaster: (any RefreshBroadcaster)?
    /// Stops what runs in the background (the pool, the listener).
    let close: @Sendable () -> Void

    /// Opens `location`: a `postgres://` or `postgresql://` address, else an SQLite file path.
    static func open(_ location: String, logger: Logger) async throws -> OpenedAccounts {
        guard location.hasPrefix("postgres://") || location.hasPrefix("postgresql://") else {
            let pool = try DemoDatabase.open(path: location)
            logger.info("accounts in \(URL(fileURLWithPath: location).standardizedFileURL.path)")
            return OpenedAccounts(storage: DemoStorage(database: pool), broadcaster: nil, close: {})
        }
        #if PostgreSQL
        let address = try PostgresAddress(parsing: location)
        var configuration = address.configuration
        configuration.options.connectTimeout = .seconds(10)
        let client = PostgresClient(configuration: configuration, backgroundLogger: Logger(label: "webapp.postgres"))
        let running = Task { await client.run() }
        do {
            try await PostgresAccountSchema.migrate(client, appMigrations: DemoSchema.migrations(), logger: logger)
        } catch {
            running.cancel()
            throw error
        }
        let broadcaster = PostgresBroadcaster(client: client)
        let listening = Task { await broadcaster.run() }
        // Serving starts once this instance hears the others' refreshes (or says why not).
        if await !broadcaster.waitUntilListening(timeout: .seconds(10)) {
            logger.warning("not yet listening for refreshes on \(address); pages refresh from this instance only until it does")
        }
        logger.info("accounts in \(address); refreshes through its LISTEN/NOTIFY channel \(PostgresBroadcaster.channel)")
        let storage = DemoStorage(accounts: PostgresAccountStorage(client: client), profiles: PostgresProfileStorage(client: client))
        return OpenedAccounts(storage: storage, broadcaster: broadcaster) {
            listening.cancel()
            running.cancel()
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
