import GRDB

/// The demo's accounts and sessions in SQLite through GRDB (the default back-end, see
/// `AccountDatabase` for the file and its migrations): every instance on one host shares one
/// file in WAL mode.
///
/// Pages' one-row reads (`account(named:)`, `hasSession`) run on the caller's thread through
/// `SQLiteReaders` (a read-only connection taken from an idle list, a statement kept compiled,
/// columns read by index), not through GRDB's `read`, whose queues and transaction cost
/// several times the read itself (BENCHMARKS.md, "Issue 35: the page that reads the
/// database"). A database without a file (`AccountDatabase.inMemory`) reads through GRDB.
///
/// ```swift
/// let storage = SQLiteAccountStorage(database: try AccountDatabase.open(path: "webapp.sqlite"))
/// try await storage.account(named: "demo")?.favouriteTeamID   // 3
/// ```
struct SQLiteAccountStorage: AccountStorage {
    let database: any DatabaseWriter
    /// Where pages' reads go; `nil` for a database in memory.
    private let readers: SQLiteReaders?

    /// The storage over a migrated `database` (see `AccountDatabase`).
    init(database: any DatabaseWriter) {
        self.database = database
        self.readers = (database as? DatabasePool).map { SQLiteReaders(path: $0.path) }
    }

    func account(named username: String) async throws -> Account? {
        if let readers {
            return try readers.firstRow(Self.selectAccount, [username], Self.account(from:))
        }
        return try readNow { db in
            try Row.fetchOne(db.cachedStatement(sql: Self.selectAccount), arguments: [username]).map(Self.account(from:))
        }
    }

    func count() async throws -> Int {
        try await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM account") ?? 0 }
    }

    func insert(_ account: Account) async throws -> Bool {
        do {
            try await database.write { db in
                try db.execute(
                    sql: "INSERT INTO account (username, display_name, password_hash, favourite_team_id, bio) VALUES (?, ?, ?, ?, ?)",
                    arguments: [account.username, account.displayName, account.passwordHash.encoded,
                                account.favouriteTeamID, account.bio])
            }
            return true
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY {
            return false   // another request got there first
        }
    }

    func updateAccount(
        named username: String, _ change: @escaping @Sendable (inout Account) throws -> Void
    ) async throws -> Account? {
        try await database.write { db -> Account? in
            guard var account = try Row.fetchOne(db.cachedStatement(sql: Self.selectAccount), arguments: [username])
                .map(Self.account(from:))
            else { return nil }
            try change(&account)
            try db.execute(
                sql: "UPDATE account SET display_name = ?, favourite_team_id = ?, bio = ? WHERE username = ?",
                arguments: [account.displayName, account.favouriteTeamID, account.bio, username])
            return account
        }
    }

    func replacePasswordHash(of username: String, old: PasswordHash, new: PasswordHash) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "UPDATE account SET password_hash = ? WHERE username = ? AND password_hash = ?",
                           arguments: [new.encoded, username, old.encoded])
            return db.changesCount == 1
        }
    }

    func insertSession(id: String, username: String, now: Int, expiredBefore: Int) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM session WHERE username = ? AND started_at < ?",
                           arguments: [username, expiredBefore])
            try db.execute(sql: "INSERT INTO session (id, username, started_at) VALUES (?, ?, ?)",
                           arguments: [id, username, now])
        }
    }

    func hasSession(id: String, username: String) async throws -> Bool {
        if let readers {
            return try readers.firstRow(Self.selectSession, [id, username]) { _ in true } ?? false
        }
        return try readNow { db in
            try Bool.fetchOne(db.cachedStatement(sql: Self.selectSession), arguments: [id, username]) ?? false
        }
    }

    func deleteSession(id: String) async throws {
        try await database.write { db in try db.execute(sql: "DELETE FROM session WHERE id = ?", arguments: [id]) }
    }

    func deleteSessions(of username: String, except id: String?) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM session WHERE username = ? AND id IS NOT ?", arguments: [username, id])
        }
    }

    /// GRDB's synchronous `read` on the calling thread (the database in memory).
    private func readNow<T>(_ value: (Database) throws -> T) throws -> T {
        try database.read(value)
    }

    // MARK: - Rows

    private static let selectSession = "SELECT 1 FROM session WHERE id = ? AND username = ?"
    /// The columns in the order `account(from:)` reads them by index.
    private static let selectAccount =
        "SELECT username, display_name, password_hash, favourite_team_id, bio FROM account WHERE username = ?"

    /// The account of a `selectAccount` row, from the file's reader or GRDB's `Row`.
    private static func account(from row: some SQLiteColumnReading) throws -> Account {
        guard let hash = PasswordHash(encoded: row.text(2)) else { throw AccountError.damagedPasswordHash }
        return Account(username: row.text(0), displayName: row.text(1), passwordHash: hash,
                       favouriteTeamID: row.optionalInt(3), bio: row.text(4))
    }
}
