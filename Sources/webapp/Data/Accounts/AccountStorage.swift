/// Where `AccountStore` keeps accounts and sessions: the rows and the transactions, nothing
/// else (validation, password hashing and the messages a form shows stay in the store). Two
/// back-ends: `SQLiteAccountStorage` (one file, every instance on one host) and
/// `PostgresAccountStorage` (a PostgreSQL server, instances on several hosts). Each call is one
/// transaction; a failure of the database itself is thrown as is, and the store turns it into
/// an `AccountError` whose `isStorageFailure` is set.
///
/// ```swift
/// let storage: any AccountStorage = SQLiteAccountStorage(database: try AccountDatabase.open(path: "webapp.sqlite"))
/// let store = AccountStore(storage: storage)
/// try await storage.account(named: "demo")?.displayName   // "Demo User"
/// ```
protocol AccountStorage: Sendable {
    /// The account named `username`, if any. Pages read it on every request: keep it cheap.
    func account(named username: String) async throws -> Account?

    /// Number of accounts.
    func count() async throws -> Int

    /// Adds `account`; `false` when the username is taken (by a concurrent registration too).
    func insert(_ account: Account) async throws -> Bool

    /// In one transaction: reads the account named `username` (`nil` when there is none),
    /// lets `change` edit it (or throw, which writes nothing) and writes the display name,
    /// favourite team and bio back.
    func updateAccount(
        named username: String, _ change: @escaping @Sendable (inout Account) throws -> Void
    ) async throws -> Account?

    /// Replaces the password hash of `username` only if it is still `old`: whether it did.
    func replacePasswordHash(of username: String, old: PasswordHash, new: PasswordHash) async throws -> Bool

    /// Records the session `id` of `username` started at `now` (Unix seconds), dropping that
    /// account's sessions started before `expiredBefore`.
    func insertSession(id: String, username: String, now: Int, expiredBefore: Int) async throws

    /// Whether the session `id` of `username` is still recorded. Asked on every request.
    func hasSession(id: String, username: String) async throws -> Bool

    /// Deletes the session `id`.
    func deleteSession(id: String) async throws

    /// Deletes every session of `username` but `id` (all of them when `id` is `nil`).
    func deleteSessions(of username: String, except id: String?) async throws
}
