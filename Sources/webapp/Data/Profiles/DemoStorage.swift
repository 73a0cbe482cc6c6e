import Foundation
import Logging
import WebRouter
import WebRouterAccounts
import WebRouterStore
#if PostgreSQL
import PostgresNIO
#endif

/// Where the demo keeps everything it writes, through the framework only: the accounts and
/// their sessions in WebRouterAccounts' storage, the profiles in a WebRouterStore `Store`, both
/// at one location (`webapp serve --database`): one SQLite file (instances on one host), or one
/// PostgreSQL database (instances on several hosts, page refreshes through its
/// `LISTEN`/`NOTIFY`), or memory (tests, `webapp routes`). Opening migrates both.
///
/// ```swift
/// let storage = try await DemoStorage.open("webapp.sqlite")
/// let data = try await DemoData.open(storage: storage)
/// defer { Task { await storage.close() } }
/// ```
struct DemoStorage: Sendable {
    /// The environment variable `webapp serve` reads when `--database` is not given.
    static let environmentVariable = "WEBAPP_DATABASE"
    /// The file used when neither `--database` nor `WEBAPP_DATABASE` names one, relative to
    /// the working directory.
    static let defaultPath = "webapp.sqlite"

    /// The accounts and their sessions.
    let accounts: any AccountStorage
    /// The demo's records (profiles).
    let store: Store
    /// Refreshes between instances on several hosts (PostgreSQL's), for the app to use.
    let broadcaster: (any RefreshBroadcaster)?
    private let stopAccounts: @Sendable () -> Void

    /// Opens `location`: a `postgres://` or `postgresql://` address, else an SQLite file's path
    /// (created if missing; the store's refresh sockets in `liveDirectory`, by default beside it).
    static func open(_ location: String, liveDirectory: String? = nil,
                     logger: Logger = Logger(label: "webapp")) async throws -> DemoStorage {
        guard location.hasPrefix("postgres://") || location.hasPrefix("postgresql://") else {
            return try await sqlite(path: location, liveDirectory: liveDirectory, logger: logger)
        }
        #if PostgreSQL
        let address = try PostgresAddress(parsing: location)
        var configuration = address.configuration
        configuration.options.connectTimeout = .seconds(10)
        let client = PostgresClient(configuration: configuration, backgroundLogger: Logger(label: "webapp.postgres"))
        let running = Task.immediate { await client.run() }
        do {
            try await PostgresAccountSchema.migrate(client, logger: logger)
            let store = try await Store.open(.postgres(address), migrations: DemoSchema.migrations, records: DemoSchema.records,
                                             logger: logger)
            logger.info("accounts and profiles in \(address); refreshes through its LISTEN/NOTIFY channel \(PostgresBroadcaster.channel)")
            return DemoStorage(accounts: PostgresAccountStorage(client: client), store: store, broadcaster: store.broadcaster) {
                running.cancel()
            }
        } catch {
            running.cancel()
            throw error
        }
        #else
        throw MissingTrait(message: BuildTraits.missing(.postgreSQL) ?? "")
        #endif
    }

    /// The accounts and the store in the SQLite file at `path`, migrated; `readonly` opens the
    /// accounts for reading only (the store is opened as it is). The store's refresh sockets go
    /// in `liveDirectory`, else in a short directory of the temporary one named after the
    /// file (`sharedLiveDirectory(for:)`): beside a deep path they would not fit a socket's name.
    static func sqlite(path: String, readonly: Bool = false, busyTimeout: Duration = .seconds(5), liveDirectory: String? = nil,
                       logger: Logger = Logger(label: "webapp")) async throws -> DemoStorage {
        let seconds = busyTimeout.components
        let accounts = try SQLiteAccountDatabase.open(
            path: path, busyTimeout: TimeInterval(seconds.seconds) + TimeInterval(seconds.attoseconds) / 1e18, readonly: readonly)
        let live = liveDirectory ?? sharedLiveDirectory(for: path)
        let store = try await Store.open(.sqlite(path, liveDirectory: live, busyTimeout: busyTimeout),
                                         migrations: DemoSchema.migrations, records: DemoSchema.records, logger: logger)
        logger.info("accounts and profiles in \(store.location)")
        return DemoStorage(accounts: SQLiteAccountStorage(database: accounts), store: store, broadcaster: nil) {}
    }

    /// The same short directory for every instance on this host opening the file at `path`:
    /// the temporary directory's `webapp-live-` and a hash (FNV-1a) of the file's full path.
    static func sharedLiveDirectory(for path: String) -> String {
        let full = URL(fileURLWithPath: path).standardizedFileURL.path
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in full.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return "/tmp/webapp-live-" + String(hash, radix: 16)
    }

    /// Everything in memory, gone with the process (tests, `webapp routes` and `check`).
    static func inMemory() async throws -> DemoStorage {
        let store = try await Store.open(.memory, migrations: DemoSchema.migrations, records: DemoSchema.records)
        return DemoStorage(accounts: InMemoryAccountStorage(), store: store, broadcaster: nil) {}
    }

    private init(accounts: any AccountStorage, store: Store, broadcaster: (any RefreshBroadcaster)?,
                 stopAccounts: @escaping @Sendable () -> Void) {
        self.accounts = accounts
        self.store = store
        self.broadcaster = broadcaster
        self.stopAccounts = stopAccounts
    }

    /// Stops what runs in the background (connection pools, listeners).
    func close() async {
        await store.close()
        stopAccounts()
    }

    /// A `postgres://` address given to a build without the PostgreSQL trait.
    struct MissingTrait: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
