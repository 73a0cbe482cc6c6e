#if SQLite
public import GRDB

/// Accounts and sessions in SQLite through GRDB (see ``SQLiteAccountDatabase`` for the file and
/// its migrations): every instance on one host shares one file in WAL mode.
///
/// The session check every signed-in request makes (`hasSession`) and account reads run on
/// the caller's thread through ``SQLiteReaders`` (a read-only connection taken from an idle
/// list, a statement kept compiled, columns read by index), not through GRDB's `read`, whose
/// queues and transaction cost several times the read itself. A database without a file
/// (``SQLiteAccountDatabase/inMemory(appMigrations:)``) reads through GRDB.
///
/// ```swift
/// let storage = SQLiteAccountStorage(database: try SQLiteAccountDatabase.open(path: "app.sqlite"))
/// let store = AccountStore(storage: storage)
/// ```
public struct SQLiteAccountStorage: AccountStorage {
    /// The migrated database.
    public let database: any DatabaseWriter
    /// Where pages' reads go; `nil` for a database in memory.
    private let readers: SQLiteReaders?

    /// The storage over a migrated `database` (see ``SQLiteAccountDatabase``).
    public init(database: any DatabaseWriter) {
        self.database = database
        self.readers = (database as? DatabasePool).map { SQLiteReaders(path: $0.path) }
    }

    /// The account named `username`, if any.
    public func account(named username: String) async throws -> Account? {
        if let readers {
            return try readers.firstRow(Self.selectAccount, [username], Self.account(from:))
        }
        return try readNow { db in
            try Row.fetchOne(db.cachedStatement(sql: Self.selectAccount), arguments: [username]).map(Self.account(from:))
        }
    }

    /// Number of accounts.
    public func count() async throws -> Int {
        try await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM accounts") ?? 0 }
    }

    /// Adds `account`; `false` when the username is taken.
    public func insert(_ account: Account) async throws -> Bool {
        do {
            try await database.write { db in
                try db.execute(
                    sql: "INSERT INTO accounts (username, password_hash, created_at, password_changed_at) VALUES (?, ?, ?, ?)",
                    arguments: [account.username, account.passwordHash.encoded, account.createdAt, account.passwordChangedAt])
            }
            return true
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY {
            return false   // another request got there first
        }
    }

    /// Replaces the password hash of `username` if it is still `old`.
    public func replacePasswordHash(of username: String, old: PasswordHash, new: PasswordHash, changedAt: Int) async throws -> Bool {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE accounts SET password_hash = ?, password_changed_at = ? WHERE username = ? AND password_hash = ?",
                arguments: [new.encoded, changedAt, username, old.encoded])
            return db.changesCount == 1
        }
    }

    /// Deletes the account `username` and (by its foreign key) its sessions.
    public func deleteAccount(named username: String) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM account_sessions WHERE username = ?", arguments: [username])
            try db.execute(sql: "DELETE FROM accounts WHERE username = ?", arguments: [username])
            return db.changesCount == 1
        }
    }

    /// Records the session `id` of `username`, dropping its sessions started before `expiredBefore`.
    public func insertSession(id: String, username: String, now: Int, expiredBefore: Int) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM account_sessions WHERE username = ? AND started_at < ?",
                           arguments: [username, expiredBefore])
            try db.execute(sql: "INSERT INTO account_sessions (id, username, started_at) VALUES (?, ?, ?)",
                           arguments: [id, username, now])
        }
    }

    /// Whether the session `id` of `username` is recorded (one indexed read on the caller's thread).
    public func hasSession(id: String, username: String) async throws -> Bool {
        if let readers {
            return try readers.firstRow(Self.selectSession, [id, username]) { _ in true } ?? false
        }
        return try readNow { db in
            try Bool.fetchOne(db.cachedStatement(sql: Self.selectSession), arguments: [id, username]) ?? false
        }
    }

    /// Deletes the session `id`.
    public func deleteSession(id: String) async throws {
        try await database.write { db in try db.execute(sql: "DELETE FROM account_sessions WHERE id = ?", arguments: [id]) }
    }

    /// Deletes every session of `username` but `id`.
    public func deleteSessions(of username: String, except id: String?) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM account_sessions WHERE username = ? AND id IS NOT ?", arguments: [username, id])
        }
    }

    /// GRDB's synchronous `read` on the calling thread (a database in memory).
    private func readNow<T>(_ value: (Database) throws -> T) throws -> T {
        try database.read(value)
    }

    // MARK: - Rows

    private static let selectSession = "SELECT 1 FROM account_sessions WHERE id = ? AND username = ?"
    /// The columns in the order `account(from:)` reads them by index.
    private static let selectAccount =
        "SELECT username, password_hash, created_at, password_changed_at FROM accounts WHERE username = ?"

    private static func account(from row: some SQLiteColumnReading) throws -> Account {
        guard let hash = PasswordHash(encoded: row.text(1)) else { throw AccountError.damagedPasswordHash }
        return Account(username: row.text(0), passwordHash: hash,
                       createdAt: row.optionalInt(2) ?? 0, passwordChangedAt: row.optionalInt(3) ?? 0)
    }
}
#endif
