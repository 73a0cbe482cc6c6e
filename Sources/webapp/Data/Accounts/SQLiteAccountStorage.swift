import GRDB

/// The demo's accounts and sessions in SQLite through GRDB (the default back-end, see
/// `AccountDatabase` for the file and its migrations): every instance on one host shares one
/// file in WAL mode.
///
/// Pages' one-row reads (`account(named:)`, `hasSession`) run on the caller's thread (GRDB's
/// synchronous read from the pool's readers), not through GRDB's async API: one indexed row in
/// WAL mode, where readers never wait for the writer, costs a few µs, less than a hop to GRDB's
/// queue and back (BENCHMARKS.md, "Issue 35").
///
/// ```swift
/// let storage = SQLiteAccountStorage(database: try AccountDatabase.open(path: "webapp.sqlite"))
/// try await storage.account(named: "demo")?.favouriteTeamID   // 3
/// ```
struct SQLiteAccountStorage: AccountStorage {
    let database: any DatabaseWriter

    func account(named username: String) async throws -> Account? {
        try readNow { db in
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
        try readNow { db in
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

    /// A short read on the calling thread (GRDB's synchronous `read`), for the indexed one-row
    /// reads pages make, where a hand-off to GRDB's queue would cost more than the read.
    private func readNow<T>(_ value: (Database) throws -> T) throws -> T {
        try database.read(value)
    }

    // MARK: - Rows

    private static let selectSession = "SELECT 1 FROM session WHERE id = ? AND username = ?"
    /// Kept compiled per connection (`cachedStatement`): pages read the signed-in account often.
    private static let selectAccount = "SELECT * FROM account WHERE username = ?"

    private static func account(from row: Row) throws -> Account {
        guard let hash = PasswordHash(encoded: row["password_hash"]) else { throw AccountError.damagedPasswordHash }
        return Account(username: row["username"], displayName: row["display_name"], passwordHash: hash,
                       favouriteTeamID: row["favourite_team_id"], bio: row["bio"])
    }
}
