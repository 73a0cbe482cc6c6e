#if PostgreSQL
import Logging
import PostgresNIO

/// The demo's accounts and sessions on a PostgreSQL server (see `PostgresAccountDatabase` for
/// the connection pool and the schema): what `SQLiteAccountStorage` keeps in one file, shared
/// by instances on several hosts. A profile edit reads its row `FOR UPDATE`, so two edits of one
/// account on two hosts apply one after the other.
///
/// ```swift
/// let database = try await PostgresAccountDatabase.open(try PostgresAddress(parsing: "postgres://scores@db/scores"))
/// let storage = PostgresAccountStorage(client: database.client)
/// try await storage.account(named: "demo")?.displayName   // "Demo User"
/// ```
struct PostgresAccountStorage: AccountStorage {
    let client: PostgresClient
    var logger = Logger(label: "webapp.postgres")

    private typealias AccountRow = (String, String, String, Int?, String)

    func account(named username: String) async throws -> Account? {
        let rows = try await client.query(
            "SELECT username, display_name, password_hash, favourite_team_id, bio FROM account WHERE username = \(username)",
            logger: logger)
        var found: Account?
        for try await row in rows.decode(AccountRow.self) { found = try Self.account(from: row) }
        return found
    }

    func count() async throws -> Int {
        var total = 0
        for try await count in try await client.query("SELECT COUNT(*) FROM account", logger: logger).decode(Int.self) {
            total = count
        }
        return total
    }

    func insert(_ account: Account) async throws -> Bool {
        let rows = try await client.query("""
            INSERT INTO account (username, display_name, password_hash, favourite_team_id, bio)
            VALUES (\(account.username), \(account.displayName), \(account.passwordHash.encoded),
                    \(account.favouriteTeamID), \(account.bio))
            ON CONFLICT (username) DO NOTHING RETURNING username
            """, logger: logger)
        return try await Self.hasRow(rows)
    }

    func updateAccount(
        named username: String, _ change: @escaping @Sendable (inout Account) throws -> Void
    ) async throws -> Account? {
        let logger = logger
        do {
            return try await client.withTransaction(logger: logger) { connection -> Account? in
                let rows = try await connection.query("""
                    SELECT username, display_name, password_hash, favourite_team_id, bio FROM account
                    WHERE username = \(username) FOR UPDATE
                    """, logger: logger)
                var found: Account?
                for try await row in rows.decode(AccountRow.self) { found = try Self.account(from: row) }
                guard var account = found else { return nil }
                try change(&account)
                try await connection.query("""
                    UPDATE account SET display_name = \(account.displayName),
                        favourite_team_id = \(account.favouriteTeamID), bio = \(account.bio)
                    WHERE username = \(username)
                    """, logger: logger)
                return account
            }
        } catch let error as PostgresTransactionError {
            // What the edit itself refused (an `AccountError`) is the caller's, unwrapped.
            if let refusal = error.closureError as? AccountError { throw refusal }
            throw error
        }
    }

    func replacePasswordHash(of username: String, old: PasswordHash, new: PasswordHash) async throws -> Bool {
        let rows = try await client.query("""
            UPDATE account SET password_hash = \(new.encoded)
            WHERE username = \(username) AND password_hash = \(old.encoded) RETURNING username
            """, logger: logger)
        return try await Self.hasRow(rows)
    }

    func insertSession(id: String, username: String, now: Int, expiredBefore: Int) async throws {
        let logger = logger
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query(
                "DELETE FROM session WHERE username = \(username) AND started_at < \(expiredBefore)", logger: logger)
            try await connection.query(
                "INSERT INTO session (id, username, started_at) VALUES (\(id), \(username), \(now))", logger: logger)
        }
    }

    func hasSession(id: String, username: String) async throws -> Bool {
        try await Self.hasRow(client.query(
            "SELECT 1 FROM session WHERE id = \(id) AND username = \(username)", logger: logger))
    }

    func deleteSession(id: String) async throws {
        try await client.query("DELETE FROM session WHERE id = \(id)", logger: logger)
    }

    func deleteSessions(of username: String, except id: String?) async throws {
        try await client.query(
            "DELETE FROM session WHERE username = \(username) AND id IS DISTINCT FROM \(id)", logger: logger)
    }

    // MARK: - Rows

    /// Whether the query answered a row (the rest, if any, is read and dropped).
    private static func hasRow(_ rows: PostgresRowSequence) async throws -> Bool {
        var any = false
        for try await _ in rows { any = true }
        return any
    }

    private static func account(from row: AccountRow) throws -> Account {
        guard let hash = PasswordHash(encoded: row.2) else { throw AccountError.damagedPasswordHash }
        return Account(username: row.0, displayName: row.1, passwordHash: hash, favouriteTeamID: row.3, bio: row.4)
    }
}
#endif
