import Foundation
import Logging
import WebRouter
import WebRouterAccounts
import WebRouterStore

/// Where the app keeps what outlives a request: the notes (a WebRouterStore ``Store``) and the
/// accounts with their sessions (WebRouterAccounts), both in one SQLite file, so a restart keeps
/// them and every instance started on the same file shares them, pages refreshing each other.
public final class NotesData: Sendable {
    /// The notes.
    public let notes: NoteStore
    /// The accounts, their throttles and sessions.
    public let accounts: Accounts

    public init(notes: NoteStore, accounts: Accounts) {
        self.notes = notes
        self.accounts = accounts
    }

    /// Opens (creating it if missing) the SQLite file at `path`: the accounts' migrations, then
    /// the notes'. Instances on one host share the file; their pages refresh each other through
    /// Unix sockets in `<path>.live`.
    public static func open(database path: String, secret: AppSecret? = nil) async throws -> NotesData {
        let accountsDatabase = try SQLiteAccountDatabase.open(path: path)
        let accounts = Accounts(store: AccountStore(storage: SQLiteAccountStorage(database: accountsDatabase)), secret: secret)
        let store = try await Store.open(.sqlite(path), migrations: NotesSchema.migrations, records: [Note.self])
        return NotesData(notes: NoteStore(store: store), accounts: accounts)
    }

    /// Everything in memory, gone with the process (tests, `Notes routes`).
    public static func inMemory(secret: AppSecret? = nil) async throws -> NotesData {
        var quiet = Logger(label: "notes.store")
        quiet.logLevel = .warning   // a new store in memory is no news
        let store = try await Store.open(.memory, migrations: NotesSchema.migrations, records: [Note.self], logger: quiet)
        return NotesData(notes: NoteStore(store: store), accounts: Accounts(store: AccountStore(storage: InMemoryAccountStorage()), secret: secret))
    }

    /// Stops what the store runs in the background (its socket for refreshes).
    public func close() async {
        await notes.store.close()
    }
}
