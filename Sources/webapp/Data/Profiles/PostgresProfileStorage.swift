#if PostgreSQL
import Logging
import PostgresNIO
import WebRouterAccounts

/// The demo's profiles on a PostgreSQL server, beside the accounts: what `SQLiteProfileStorage`
/// keeps in one file, shared by instances on several hosts. An edit reads its row
/// `FOR UPDATE`, so two edits of one profile on two hosts apply one after the other.
///
/// ```swift
/// let profiles = PostgresProfileStorage(client: client)
/// try await profiles.profile(named: "demo")?.displayName   // "Demo User"
/// ```
struct PostgresProfileStorage: ProfileStorage {
    let client: PostgresClient
    var logger = Logger(label: "webapp.postgres")

    private typealias ProfileRow = (String, String, Int?, String)

    func profile(named username: String) async throws -> Profile? {
        let rows = try await client.query(
            "SELECT username, display_name, favourite_team_id, bio FROM profile WHERE username = \(username)", logger: logger)
        var found: Profile?
        for try await row in rows.decode(ProfileRow.self) { found = Self.profile(from: row) }
        return found
    }

    func insert(_ profile: Profile) async throws -> Bool {
        let rows = try await client.query("""
            INSERT INTO profile (username, display_name, favourite_team_id, bio)
            VALUES (\(profile.username), \(profile.displayName), \(profile.favouriteTeamID), \(profile.bio))
            ON CONFLICT (username) DO NOTHING RETURNING username
            """, logger: logger)
        var any = false
        for try await _ in rows { any = true }
        return any
    }

    func update(named username: String, _ change: @escaping @Sendable (inout Profile) throws -> Void) async throws -> Profile? {
        let logger = logger
        do {
            return try await client.withTransaction(logger: logger) { connection -> Profile? in
                let rows = try await connection.query("""
                    SELECT username, display_name, favourite_team_id, bio FROM profile WHERE username = \(username) FOR UPDATE
                    """, logger: logger)
                var found: Profile?
                for try await row in rows.decode(ProfileRow.self) { found = Self.profile(from: row) }
                guard var profile = found else { return nil }
                try change(&profile)
                try await connection.query("""
                    UPDATE profile SET display_name = \(profile.displayName),
                        favourite_team_id = \(profile.favouriteTeamID), bio = \(profile.bio)
                    WHERE username = \(username)
                    """, logger: logger)
                return profile
            }
        } catch let error as PostgresTransactionError {
            // What the edit itself refused (an `AccountError`) is the caller's, unwrapped.
            if let refusal = error.closureError as? AccountError { throw refusal }
            throw error
        }
    }

    private static func profile(from row: ProfileRow) -> Profile {
        Profile(username: row.0, displayName: row.1, favouriteTeamID: row.2, bio: row.3)
    }
}
#endif
