import GRDB
import WebRouterAccounts

/// Where the demo keeps its accounts and profiles: both in one SQLite file, or both on one
/// PostgreSQL server.
///
/// ```swift
/// let storage = DemoStorage(database: try DemoDatabase.open(path: "webapp.sqlite"))
/// let data = DemoData(storage: storage)
/// ```
struct DemoStorage: Sendable {
    /// The accounts and their sessions.
    let accounts: any AccountStorage
    /// The profiles.
    let profiles: any ProfileStorage

    /// Both in the SQLite `database` (migrated, see `DemoDatabase`).
    init(database: any DatabaseWriter) {
        self.init(accounts: SQLiteAccountStorage(database: database), profiles: SQLiteProfileStorage(database: database))
    }

    /// The given storages.
    init(accounts: any AccountStorage, profiles: any ProfileStorage) {
        self.accounts = accounts
        self.profiles = profiles
    }
}
