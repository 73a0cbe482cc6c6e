/// The accounts database's schema, declared once: its migrations, oldest first, each a list of
/// steps (a table, an index, the seeded `demo` account). SQLite (`AccountDatabase`) and
/// PostgreSQL (`PostgresAccountDatabase`) both run exactly these, each rendering a step in its
/// own dialect, so the two stores cannot drift apart; `tables` is the schema they end with.
/// Never edit a released migration: add one (with a new kind of step if it needs one).
///
/// ```swift
/// for migration in AccountSchema.migrations { print(migration.name) }   // "v1 accounts, with the demo account", …
/// AccountSchema.account.createSQL(.postgres)   // "CREATE TABLE account (username TEXT NOT NULL PRIMARY KEY, …)"
/// ```
enum AccountSchema {
    /// The two SQL dialects the demo speaks.
    enum Dialect: Sendable {
        case sqlite, postgres
    }

    /// One column of a table.
    struct Column: Sendable {
        /// What a column holds. SQLite's `INTEGER` is 64 bits wide; PostgreSQL says `INTEGER`
        /// (32 bits) or `BIGINT`.
        enum Kind: Sendable {
            case text, int32, int64
        }

        let name: String
        let kind: Kind
        var isNullable = false
        var isPrimaryKey = false
        /// An SQL literal both dialects read alike (`''`, `0`).
        var defaultValue: String?
        /// `table(column)` with its `ON DELETE`/`ON UPDATE` clauses.
        var references: String?

        func sql(_ dialect: Dialect) -> String {
            var parts = [name, Self.typeName(kind, dialect)]
            if !isNullable { parts.append("NOT NULL") }
            if isPrimaryKey { parts.append("PRIMARY KEY") }
            if let defaultValue { parts.append("DEFAULT \(defaultValue)") }
            if let references { parts.append("REFERENCES \(references)") }
            return parts.joined(separator: " ")
        }

        /// The type's name in `dialect`, as the database reports it back.
        static func typeName(_ kind: Kind, _ dialect: Dialect) -> String {
            switch (kind, dialect) {
            case (.text, _): "TEXT"
            case (.int32, _), (.int64, .sqlite): "INTEGER"
            case (.int64, .postgres): "BIGINT"
            }
        }
    }

    /// A table: its name and columns, in order.
    struct Table: Sendable {
        let name: String
        let columns: [Column]

        /// `CREATE TABLE`, `STRICT` in SQLite (a value of the wrong type is refused, as in PostgreSQL).
        func createSQL(_ dialect: Dialect) -> String {
            let body = "CREATE TABLE \(name) (\(columns.map { $0.sql(dialect) }.joined(separator: ", ")))"
            return dialect == .sqlite ? body + " STRICT" : body
        }
    }

    /// One step of a migration.
    enum Step: Sendable {
        case createTable(Table)
        /// `CREATE INDEX name ON table(columns)`, the same in both dialects.
        case createIndex(name: String, table: String, columns: [String])
        /// Inserts `demoAccount` (its password hashed when the step runs).
        case seedDemoAccount
    }

    /// A named migration: applied once, in order, recorded by name.
    struct Migration: Sendable {
        let name: String
        let steps: [Step]
    }

    static let account = Table(name: "account", columns: [
        Column(name: "username", kind: .text, isPrimaryKey: true),
        Column(name: "display_name", kind: .text),
        Column(name: "password_hash", kind: .text),
        Column(name: "favourite_team_id", kind: .int32, isNullable: true),
        Column(name: "bio", kind: .text, defaultValue: "''"),
    ])

    /// One row per signed-in session (the id is in the signed cookie): signing out deletes it,
    /// a password change deletes the account's others.
    static let session = Table(name: "session", columns: [
        Column(name: "id", kind: .text, isPrimaryKey: true),
        Column(name: "username", kind: .text, references: "account(username) ON DELETE CASCADE ON UPDATE CASCADE"),
        Column(name: "started_at", kind: .int64),
    ])

    /// The schema's history, oldest first.
    static let migrations = [
        Migration(name: "v1 accounts, with the demo account", steps: [.createTable(account), .seedDemoAccount]),
        Migration(name: "v2 sessions that can end", steps: [
            .createTable(session),
            .createIndex(name: "session_by_username", table: "session", columns: ["username"]),
        ]),
    ]

    /// The tables the migrations leave, in order.
    static let tables = [account, session]

    /// The account every new database starts with (`demo`, password `demo`).
    static func demoAccount(passwordIterations: Int) -> Account {
        Account(username: "demo", displayName: "Demo User",
                passwordHash: PasswordHash(password: "demo", iterations: passwordIterations),
                favouriteTeamID: 3, bio: "The pre-made account of the WebRouter demo.")
    }

    /// `INSERT INTO account (…) VALUES (…)` with one placeholder per column of `account`, in
    /// order (`?` in SQLite, `$1…` in PostgreSQL): username, display name, password hash,
    /// favourite team, bio.
    static func insertAccountSQL(_ dialect: Dialect) -> String {
        let names = account.columns.map(\.name)
        let placeholders = names.indices.map { dialect == .sqlite ? "?" : "$\($0 + 1)" }
        return "INSERT INTO account (\(names.joined(separator: ", "))) VALUES (\(placeholders.joined(separator: ", ")))"
    }

    /// `CREATE INDEX`, the same in both dialects.
    static func createIndexSQL(name: String, table: String, columns: [String]) -> String {
        "CREATE INDEX \(name) ON \(table)(\(columns.joined(separator: ", ")))"
    }
}
