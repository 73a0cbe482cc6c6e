import Foundation
public import WebRouter

/// An app's accounts, kept in an ``AccountStorage`` so they survive restarts and are shared by
/// every instance: register, authenticate, change the password, delete the account, and the
/// sessions that can end. Passwords are stored as PBKDF2 hashes (``PasswordHash``), never in
/// clear, computed on a bounded pool (``hashing``): when its queue is full, a call throws
/// ``AccountError/busy``. An unknown username costs one hash too, so a refusal takes the same
/// time whether or not the account exists. Usernames are normalised once, on the way in
/// (``AccountRules/normalizedUsername(_:)``).
///
/// Every call waits on the database; each change is one transaction. A database the app cannot
/// use throws an ``AccountError`` whose ``AccountError/isStorageFailure`` is set.
///
/// ```swift
/// let store = AccountStore(storage: InMemoryAccountStorage())
/// let ada = try await store.register(username: "Ada", password: "correct horse")   // "ada"
/// let same = try await store.authenticate(username: "ada ", password: "correct horse")
/// try await store.changePassword(username: "ada", current: "correct horse", new: "battery staple", confirmation: "battery staple")
/// let id = try await store.startSession(username: "ada")
/// try await store.isSessionActive(id: id, username: "ada")   // true
/// try await store.deleteAccount(username: "ada", password: "battery staple")
/// ```
public final class AccountStore: Sendable {
    /// How long a session row is kept, in seconds: the session cookie's lifetime (14 days).
    public static let sessionLifetime = 60 * 60 * 24 * 14

    /// Where the rows are.
    public let storage: any AccountStorage
    /// What usernames and passwords must be.
    public let rules: AccountRules
    /// Where passwords are hashed: by default at most half the cores at once, a bounded queue.
    public let hashing: BoundedWorkPool
    /// The PBKDF2 count of new hashes.
    public let passwordIterations: Int
    /// What an unknown username's password is checked against (see ``PasswordHash/unmatchable(iterations:)``).
    private let unknownUserHash: PasswordHash
    /// The time in Unix seconds; tests move it.
    private let clock: @Sendable () -> Int

    /// A store over `storage` (migrated). `passwordIterations` is the PBKDF2 count of new
    /// hashes (tests lower it); `hashing` is the pool passwords are hashed on; `clock` gives
    /// the time in Unix seconds (the system's when `nil`).
    public init(storage: any AccountStorage, rules: AccountRules = AccountRules(),
                passwordIterations: Int = PasswordHash.defaultIterations,
                hashing: BoundedWorkPool = BoundedWorkPool(label: "webrouter.password-hash"),
                clock: (@Sendable () -> Int)? = nil) {
        self.storage = storage
        self.rules = rules
        self.passwordIterations = passwordIterations
        self.hashing = hashing
        self.unknownUserHash = PasswordHash.unmatchable(iterations: passwordIterations)
        self.clock = clock ?? { Int(Date().timeIntervalSince1970) }
    }

    /// The username as every lookup uses it (``AccountRules/normalizedUsername(_:)``).
    public static func normalizedUsername(_ typed: String) -> String {
        AccountRules.normalizedUsername(typed)
    }

    private func hash(_ password: String) async throws(AccountError) -> PasswordHash {
        do {
            return try await PasswordHash.make(password: password, iterations: passwordIterations, on: hashing)
        } catch {
            throw .busy
        }
    }

    private func check(_ password: String, against hash: PasswordHash) async throws(AccountError) -> Bool {
        do {
            return try await hash.matches(password, on: hashing)
        } catch {
            throw .busy
        }
    }

    private func storing<T>(writing: Bool, _ work: () async throws -> T) async throws(AccountError) -> T {
        do {
            return try await work()
        } catch let error as AccountError {
            throw error
        } catch {
            throw AccountError(storageFailure: error, writing: writing)
        }
    }

    // MARK: - Accounts

    /// Creates an account; throws with a message per invalid field (bad or taken username,
    /// short password). The username is normalised first: `"Ada "` registers `ada`. When two
    /// requests (or two instances) register one name at once, one wins and the other gets
    /// "This username is taken.".
    @discardableResult
    public func register(username typed: String, password: String) async throws(AccountError) -> Account {
        let username = Self.normalizedUsername(typed)
        var messages: [AccountField: String] = [:]
        if let problem = rules.usernameProblem(username) {
            messages[.username] = problem
        } else if try await account(named: username) != nil {
            messages[.username] = Self.taken
        }
        if let problem = rules.passwordProblem(password) { messages[.password] = problem }
        guard messages.isEmpty else { throw AccountError(messages) }
        let hash = try await hash(password)
        let now = clock()
        let account = Account(username: username, passwordHash: hash, createdAt: now, passwordChangedAt: now)
        let inserted = try await storing(writing: true) { try await storage.insert(account) }
        guard inserted else { throw AccountError([.username: Self.taken]) }
        return account
    }

    /// The account when `password` is right, else `nil` (also for an unknown username, after
    /// the same work as a wrong password). The username is normalised first.
    public func authenticate(username typed: String, password: String) async throws(AccountError) -> Account? {
        let account = try await account(named: Self.normalizedUsername(typed))
        let matches = try await check(password, against: account?.passwordHash ?? unknownUserHash)
        return matches ? account : nil
    }

    /// The account named `username` (already normalised: a session's user), if any.
    public func account(named username: String) async throws(AccountError) -> Account? {
        try await storing(writing: false) { try await storage.account(named: username) }
    }

    /// Number of accounts.
    public func count() async throws(AccountError) -> Int {
        try await storing(writing: false) { try await storage.count() }
    }

    /// Changes the password after checking the current one; throws with a message per field
    /// (wrong current password, short or unchanged new password, confirmation mismatch). The
    /// sessions are the caller's to renew (``renewSessions(of:)``).
    public func changePassword(username: String, current: String, new: String, confirmation: String) async throws(AccountError) {
        guard let account = try await account(named: username) else {
            throw AccountError([.form: "There is no account named \(username)."])
        }
        var messages: [AccountField: String] = [:]
        if try await !check(current, against: account.passwordHash) {
            messages[.currentPassword] = Self.wrongCurrentPassword
        }
        if let problem = rules.passwordProblem(new) {
            messages[.newPassword] = problem
        } else if new == current {
            messages[.newPassword] = "Choose a password different from the current one."
        }
        if new != confirmation { messages[.confirmation] = "The two new passwords do not match." }
        guard messages.isEmpty else { throw AccountError(messages) }
        try await replacePassword(of: account, with: new)
    }

    /// Sets a new password without the current one (a reset link was followed): throws for a
    /// short password or a confirmation mismatch. Every session of the account ends.
    public func resetPassword(username: String, new: String, confirmation: String) async throws(AccountError) {
        guard let account = try await account(named: username) else {
            throw AccountError([.form: "This reset link is no longer valid."])
        }
        var messages: [AccountField: String] = [:]
        if let problem = rules.passwordProblem(new) { messages[.newPassword] = problem }
        if new != confirmation { messages[.confirmation] = "The two new passwords do not match." }
        guard messages.isEmpty else { throw AccountError(messages) }
        try await replacePassword(of: account, with: new)
        try await endSessions(of: username, except: nil)
    }

    private func replacePassword(of account: Account, with new: String) async throws(AccountError) {
        let hash = try await hash(new)
        let now = clock()
        // Only if the password is still the one just checked: a change made meanwhile wins.
        let changed = try await storing(writing: true) {
            try await storage.replacePasswordHash(of: account.username, old: account.passwordHash, new: hash, changedAt: now)
        }
        guard changed else {
            throw AccountError([.currentPassword: "The password was changed meanwhile. Enter the current one again."])
        }
    }

    /// Deletes the account after checking its password, and with it every session; throws
    /// with a message for a wrong password.
    public func deleteAccount(username: String, password: String) async throws(AccountError) {
        guard let account = try await account(named: username) else {
            throw AccountError([.form: "There is no account named \(username)."])
        }
        guard try await check(password, against: account.passwordHash) else {
            throw AccountError([.password: Self.wrongCurrentPassword])
        }
        _ = try await storing(writing: true) { try await storage.deleteAccount(named: username) }
    }

    // MARK: - Sessions

    /// Records a new signed-in session of `username` and returns its random id (128 bits,
    /// base64url), which the session cookie carries. Drops the account's sessions older
    /// than ``sessionLifetime`` on the way.
    public func startSession(username: String) async throws(AccountError) -> String {
        let id = Session.newID()
        let now = clock()
        try await storing(writing: true) {
            try await storage.insertSession(id: id, username: username, now: now, expiredBefore: now - Self.sessionLifetime)
        }
        return id
    }

    /// Ends every session of `username` and starts one new one, whose id it returns: after a
    /// password change, the changing browser goes on under the new id while every other
    /// session (other browsers, any copy of this one's cookie) is signed out.
    public func renewSessions(of username: String) async throws(AccountError) -> String {
        let id = try await startSession(username: username)
        try await endSessions(of: username, except: id)
        return id
    }

    /// Whether the session `id` of `username` is still active. One indexed read.
    public func isSessionActive(id: String, username: String) async throws(AccountError) -> Bool {
        try await storing(writing: false) { try await storage.hasSession(id: id, username: username) }
    }

    /// Ends the session `id` (sign-out): a copy of its cookie is signed out too.
    public func endSession(id: String) async throws(AccountError) {
        try await storing(writing: true) { try await storage.deleteSession(id: id) }
    }

    /// Ends every session of `username` but `id` (all when `id` is `nil`).
    public func endSessions(of username: String, except id: String?) async throws(AccountError) {
        try await storing(writing: true) { try await storage.deleteSessions(of: username, except: id) }
    }

    /// What a taken username is told.
    public static let taken = "This username is taken."
    /// What a wrong current password is told.
    public static let wrongCurrentPassword = "The current password is not right."
}
