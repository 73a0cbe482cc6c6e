import Foundation
import WebRouterAccounts

/// The demo's own tables beside the accounts (`AccountSchema`): the profiles, and the seeded
/// `demo` account (password `demo`, "Demo User", following team 3). Both SQLite and PostgreSQL
/// run exactly these after the accounts' own migrations. Never edit a released migration: add one.
///
/// ```swift
/// let database = try SQLiteAccountDatabase.open(path: "webapp.sqlite", appMigrations: DemoSchema.migrations(passwordIterations: 2))
/// ```
enum DemoSchema {
    /// The demo's migrations; `passwordIterations` is the PBKDF2 count of the seeded password.
    static func migrations(passwordIterations: Int = PasswordHash.defaultIterations) -> [AccountMigration] {
        let hash = PasswordHash(password: "demo", iterations: passwordIterations).encoded   // base64 and `$`: no quote
        let now = Int(Date().timeIntervalSince1970)
        let seed = [
            "INSERT INTO accounts (username, password_hash, created_at, password_changed_at) VALUES ('demo', '\(hash)', \(now), \(now))",
            "INSERT INTO profile (username, display_name, favourite_team_id, bio) VALUES ('demo', 'Demo User', 3, 'The pre-made account of the WebRouter demo.')",
        ]
        let columns = """
            username TEXT NOT NULL PRIMARY KEY REFERENCES accounts(username) ON DELETE CASCADE ON UPDATE CASCADE, \
            display_name TEXT NOT NULL, favourite_team_id INTEGER, bio TEXT NOT NULL DEFAULT ''
            """
        return [
            AccountMigration(
                name: "scores v1: profiles, with the demo account",
                sqlite: ["CREATE TABLE profile (\(columns)) STRICT"] + seed,
                postgreSQL: ["CREATE TABLE profile (\(columns))"] + seed),
        ]
    }
}
