@_spi(WebRouterInternals) import WebRouterHTTP

/// Accounts and sessions in memory, gone with the process: for tests, and for a prototype's
/// first minutes before it has a database. Every call is atomic.
///
/// ```swift
/// let store = AccountStore(storage: InMemoryAccountStorage())
/// try await store.register(username: "ada", password: "correct horse")
/// ```
public final class InMemoryAccountStorage: AccountStorage {
    private struct Rows {
        var accounts: [String: Account] = [:]
        /// Session id → (username, started at).
        var sessions: [String: (username: String, startedAt: Int)] = [:]
    }

    private let rows = Locked(Rows())

    /// An empty storage.
    public init() {}

    /// The account named `username`, if any.
    public func account(named username: String) async throws -> Account? {
        rows.withLock { $0.accounts[username] }
    }

    /// Number of accounts.
    public func count() async throws -> Int {
        rows.withLock { $0.accounts.count }
    }

    /// Adds `account`; `false` when the username is taken.
    public func insert(_ account: Account) async throws -> Bool {
        rows.withLock { rows in
            guard rows.accounts[account.username] == nil else { return false }
            rows.accounts[account.username] = account
            return true
        }
    }

    /// Replaces the password hash of `username` if it is still `old`.
    public func replacePasswordHash(of username: String, old: PasswordHash, new: PasswordHash, changedAt: Int) async throws -> Bool {
        rows.withLock { rows in
            guard var account = rows.accounts[username], account.passwordHash == old else { return false }
            account.passwordHash = new
            account.passwordChangedAt = changedAt
            rows.accounts[username] = account
            return true
        }
    }

    /// Deletes the account `username` and its sessions.
    public func deleteAccount(named username: String) async throws -> Bool {
        rows.withLock { rows in
            rows.sessions = rows.sessions.filter { $0.value.username != username }
            return rows.accounts.removeValue(forKey: username) != nil
        }
    }

    /// Records the session `id` of `username`, dropping its sessions started before `expiredBefore`.
    public func insertSession(id: String, username: String, now: Int, expiredBefore: Int) async throws {
        rows.withLock { rows in
            rows.sessions = rows.sessions.filter { $0.value.username != username || $0.value.startedAt >= expiredBefore }
            rows.sessions[id] = (username, now)
        }
    }

    /// Whether the session `id` of `username` is recorded.
    public func hasSession(id: String, username: String) async throws -> Bool {
        rows.withLock { $0.sessions[id]?.username == username }
    }

    /// Deletes the session `id`.
    public func deleteSession(id: String) async throws {
        _ = rows.withLock { $0.sessions.removeValue(forKey: id) }
    }

    /// Deletes every session of `username` but `id`.
    public func deleteSessions(of username: String, except id: String?) async throws {
        rows.withLock { rows in
            rows.sessions = rows.sessions.filter { $0.value.username != username || $0.key == id }
        }
    }
}
