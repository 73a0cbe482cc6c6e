/// Where ``AccountStore`` keeps accounts and sessions: the rows and the transactions, nothing
/// else (validation, password hashing and the messages a form shows stay in the store).
/// Three come with the module: ``InMemoryAccountStorage`` (tests, a first prototype),
/// `SQLiteAccountStorage` (one file, every instance on one host; the `SQLite` trait) and
/// `PostgresAccountStorage` (a PostgreSQL server, instances on several hosts; the
/// `PostgreSQL` trait). Each call is one transaction; a failure of the database itself is
/// thrown as is, and the store turns it into an ``AccountError`` whose
/// ``AccountError/isStorageFailure`` is set.
///
/// ```swift
/// let storage: any AccountStorage = InMemoryAccountStorage()
/// let store = AccountStore(storage: storage)
/// try await storage.account(named: "ada")   // nil
/// ```
public protocol AccountStorage: Sendable {
    /// The account named `username`, if any.
    func account(named username: String) async throws -> Account?

    /// Number of accounts.
    func count() async throws -> Int

    /// Adds `account`; `false` when the username is taken (by a concurrent registration too).
    func insert(_ account: Account) async throws -> Bool

    /// Replaces the password hash of `username` only if it is still `old`, recording `changedAt`
    /// (Unix seconds): whether it did.
    func replacePasswordHash(of username: String, old: PasswordHash, new: PasswordHash, changedAt: Int) async throws -> Bool

    /// Deletes the account `username` and its sessions: whether there was one.
    func deleteAccount(named username: String) async throws -> Bool

    /// Records the session `id` of `username` started at `now` (Unix seconds), dropping that
    /// account's sessions started before `expiredBefore`.
    func insertSession(id: String, username: String, now: Int, expiredBefore: Int) async throws

    /// Whether the session `id` of `username` is still recorded. Asked on every signed-in
    /// request: keep it cheap.
    func hasSession(id: String, username: String) async throws -> Bool

    /// Deletes the session `id`.
    func deleteSession(id: String) async throws

    /// Deletes every session of `username` but `id` (all of them when `id` is `nil`).
    func deleteSessions(of username: String, except id: String?) async throws
}
