/// The accounts database's schema, declared once for SQLite and PostgreSQL: two tables,
/// `accounts` (username, password hash, created and changed dates) and `account_sessions`
/// (one row per signed-in session; deleting an account deletes its sessions).
///
/// ```swift
/// for migration in AccountSchema.migrations { print(migration.name) }   // "webrouter-accounts v1: accounts and sessions"
/// ```
public enum AccountSchema {
    /// The module's migrations, oldest first.
    public static let migrations: [AccountMigration] = [
        AccountMigration(
            name: "webrouter-accounts v1: accounts and sessions",
            sqlite: [
                """
                CREATE TABLE accounts (username TEXT NOT NULL PRIMARY KEY, password_hash TEXT NOT NULL, \
                created_at INTEGER NOT NULL, password_changed_at INTEGER NOT NULL) STRICT
                """,
                """
                CREATE TABLE account_sessions (id TEXT NOT NULL PRIMARY KEY, \
                username TEXT NOT NULL REFERENCES accounts(username) ON DELETE CASCADE ON UPDATE CASCADE, \
                started_at INTEGER NOT NULL) STRICT
                """,
                "CREATE INDEX account_sessions_by_username ON account_sessions(username)",
            ],
            postgreSQL: [
                """
                CREATE TABLE accounts (username TEXT NOT NULL PRIMARY KEY, password_hash TEXT NOT NULL, \
                created_at BIGINT NOT NULL, password_changed_at BIGINT NOT NULL)
                """,
                """
                CREATE TABLE account_sessions (id TEXT NOT NULL PRIMARY KEY, \
                username TEXT NOT NULL REFERENCES accounts(username) ON DELETE CASCADE ON UPDATE CASCADE, \
                started_at BIGINT NOT NULL)
                """,
                "CREATE INDEX account_sessions_by_username ON account_sessions(username)",
            ]),
    ]

    /// The tables the migrations leave.
    public static let tables = ["accounts", "account_sessions"]
}
