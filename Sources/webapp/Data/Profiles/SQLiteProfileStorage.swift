import GRDB
import WebRouterAccounts

/// The demo's profiles in SQLite, in the accounts' file. Pages' one-row reads go through
/// `SQLiteReaders` on the caller's thread (BENCHMARKS.md, "Issue 35: the page that reads the
/// database"); a database in memory reads through GRDB.
///
/// ```swift
/// let profiles = SQLiteProfileStorage(database: try DemoDatabase.open(path: "webapp.sqlite"))
/// try await profiles.profile(named: "demo")?.displayName   // "Demo User"
/// ```
struct SQLiteProfileStorage: ProfileStorage {
    let database: any DatabaseWriter
    private let readers: SQLiteReaders?

    /// The storage over a migrated `database` (see `DemoDatabase`).
    init(database: any DatabaseWriter) {
        self.database = database
        self.readers = (database as? DatabasePool).map { SQLiteReaders(path: $0.path) }
    }

    func profile(named username: String) async throws -> Profile? {
        if let readers {
            return try readers.firstRow(Self.selectProfile, [username], Self.profile(from:))
        }
        return try readNow { db in
            try Row.fetchOne(db.cachedStatement(sql: Self.selectProfile), arguments: [username]).map(Self.profile(from:))
        }
    }

    func insert(_ profile: Profile) async throws -> Bool {
        try await database.write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO profile (username, display_name, favourite_team_id, bio) VALUES (?, ?, ?, ?)",
                arguments: [profile.username, profile.displayName, profile.favouriteTeamID, profile.bio])
            return db.changesCount == 1
        }
    }

    func update(named username: String, _ change: @escaping @Sendable (inout Profile) throws -> Void) async throws -> Profile? {
        try await database.write { db -> Profile? in
            guard var profile = try Row.fetchOne(db.cachedStatement(sql: Self.selectProfile), arguments: [username])
                .map(Self.profile(from:))
            else { return nil }
            try change(&profile)
            try db.execute(
                sql: "UPDATE profile SET display_name = ?, favourite_team_id = ?, bio = ? WHERE username = ?",
                arguments: [profile.displayName, profile.favouriteTeamID, profile.bio, username])
            return profile
        }
    }

    /// GRDB's synchronous `read` on the calling thread (a database in memory).
    private func readNow<T>(_ value: (Database) throws -> T) throws -> T {
        try database.read(value)
    }

    /// The columns in the order `profile(from:)` reads them by index.
    private static let selectProfile =
        "SELECT username, display_name, favourite_team_id, bio FROM profile WHERE username = ?"

    private static func profile(from row: some SQLiteColumnReading) -> Profile {
        Profile(username: row.text(0), displayName: row.text(1), favouriteTeamID: row.optionalInt(2), bio: row.text(3))
    }
}
