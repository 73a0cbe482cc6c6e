/// One named, versioned change to the accounts database, in both dialects: applied once, in
/// order, recorded by name. The module's own are ``AccountSchema/migrations``; an app that
/// keeps its own tables beside the accounts (a profile keyed by username) passes its
/// migrations to the database's `open`, and they run after the module's, in the same history.
/// Never edit a released migration: add one.
///
/// ```swift
/// let profiles = AccountMigration(name: "scores v1: profiles", sql: [
///     "CREATE TABLE profile (username TEXT NOT NULL PRIMARY KEY REFERENCES accounts(username) ON DELETE CASCADE, display_name TEXT NOT NULL)",
/// ])
/// ```
public struct AccountMigration: Sendable {
    /// The name it is recorded under; unique.
    public let name: String
    /// Its statements in SQLite's dialect.
    public let sqlite: [String]
    /// Its statements in PostgreSQL's dialect.
    public let postgreSQL: [String]

    /// A migration whose statements differ between the dialects.
    public init(name: String, sqlite: [String], postgreSQL: [String]) {
        self.name = name
        self.sqlite = sqlite
        self.postgreSQL = postgreSQL
    }

    /// A migration whose statements read the same in both dialects.
    public init(name: String, sql: [String]) {
        self.init(name: name, sqlite: sql, postgreSQL: sql)
    }
}
