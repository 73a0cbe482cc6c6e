#if PostgreSQL
public import Logging
public import PostgresNIO

/// Accounts and sessions on a PostgreSQL server, shared by instances on several hosts: what
/// `SQLiteAccountStorage` keeps in one file. The client is the app's (running, migrated with
/// ``PostgresAccountSchema/migrate(_:appMigrations:logger:)``).
///
/// ```swift
/// try await PostgresAccountSchema.migrate(client)
/// let store = AccountStore(storage: PostgresAccountStorage(client: client))
/// ```
public struct PostgresAccountStorage: AccountStorage {
    /// The pool every query goes through.
    public let client: PostgresClient
    /// Where the queries log.
    public var logger: Logger

    /// The storage over `client`'s (migrated) database.
    public init(client: PostgresClient, logger: Logger = Logger(label: "webrouter.accounts")) {
        self.client = client
        self.logger = logger
    }

    private typealias AccountRow = (String, String, Int, Int)

    /// The account named `username`, if any.
    public func account(named username: String) async throws -> Account? {
        let rows = try await client.query(
            "SELECT username, password_hash, created_at, password_changed_at FROM accounts WHERE username = \(username)",
            logger: logger)
        var found: Account?
        for try await row in rows.decode(AccountRow.self) { found = try Self.account(from: row) }
        return found
    }

    /// Number of accounts.
    public func count() async throws -> Int {
        var total = 0
        for try await count in try await client.query("SELECT COUNT(*) FROM accounts", logger: logger).decode(Int.self) {
            total = count
        }
        return total
    }

    /// Adds `account`; `false` when the username is taken.
    public func insert(_ account: Account) async throws -> Bool {
        let rows = try await client.query("""
            INSERT INTO accounts (username, password_hash, created_at, password_changed_at)
            VALUES (\(account.username), \(account.passwordHash.encoded), \(account.createdAt), \(account.passwordChangedAt))
            ON CONFLICT (username) DO NOTHING RETURNING username
            """, logger: logger)
        return try await Self.hasRow(rows)
    }

    /// Replaces the password hash of `username` if it is still `old`.
    public func replacePasswordHash(of username: String, old: PasswordHash, new: PasswordHash, changedAt: Int) async throws -> Bool {
        let rows = try await client.query("""
            UPDATE accounts SET password_hash = \(new.encoded), password_changed_at = \(changedAt)
            WHERE username = \(username) AND password_hash = \(old.encoded) RETURNING username
            """, logger: logger)
        return try await Self.hasRow(rows)
    }

    /// Deletes the account `username` and (by its foreign key) its sessions.
    public func deleteAccount(named username: String) async throws -> Bool {
        try await Self.hasRow(client.query(
            "DELETE FROM accounts WHERE username = \(username) RETURNING username", logger: logger))
    }

    /// Records the session `id` of `username`, dropping its sessions started before `expiredBefore`.
    public func insertSession(id: String, username: String, now: Int, expiredBefore: Int) async throws {
        let logger = logger
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query(
                "DELETE FROM account_sessions WHERE username = \(username) AND started_at < \(expiredBefore)", logger: logger)
            try await connection.query(
                "INSERT INTO account_sessions (id, username, started_at) VALUES (\(id), \(username), \(now))", logger: logger)
        }
    }

    /// Whether the session `id` of `username` is recorded.
    public func hasSession(id: String, username: String) async throws -> Bool {
        try await Self.hasRow(client.query(
            "SELECT 1 FROM account_sessions WHERE id = \(id) AND username = \(username)", logger: logger))
    }

    /// Deletes the session `id`.
    public func deleteSession(id: String) async throws {
        try await client.query("DELETE FROM account_sessions WHERE id = \(id)", logger: logger)
    }

    /// Deletes every session of `username` but `id`.
    public func deleteSessions(of username: String, except id: String?) async throws {
        try await client.query(
            "DELETE FROM account_sessions WHERE username = \(username) AND id IS DISTINCT FROM \(id)", logger: logger)
    }

    /// Whether the query answered a row (the rest, if any, is read and dropped).
    private static func hasRow(_ rows: PostgresRowSequence) async throws -> Bool {
        var any = false
        for try await _ in rows { any = true }
        return any
    }

    private static func account(from row: AccountRow) throws -> Account {
        guard let hash = PasswordHash(encoded: row.1) else { throw AccountError.damagedPasswordHash }
        return Account(username: row.0, passwordHash: hash, createdAt: row.2, passwordChangedAt: row.3)
    }
}
#endif
