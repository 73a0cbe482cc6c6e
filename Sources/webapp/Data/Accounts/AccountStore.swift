import Foundation
import GRDB
import WebRouter

/// The demo app's users, kept in an `AccountStorage` so they survive restarts and are shared by
/// every instance: SQLite (`SQLiteAccountStorage`, every instance on one host) or PostgreSQL
/// (`PostgresAccountStorage`, instances on several hosts). Starts with the pre-made account `demo` / `demo`
/// ("Demo User", following team 3), seeded by the first migration. Passwords are stored as
/// PBKDF2 hashes (`PasswordHash`), never in clear, computed on a bounded pool (`hashing`):
/// when its queue is full, a call throws `AccountError.busy`. An unknown username costs one
/// hash too, so a refusal takes the same time whether or not the account exists.
///
/// Sessions that can end: `startSession(username:)` records a signed-in session and returns
/// its id (kept in the signed cookie), `isSessionActive(id:username:)` is what the app's
/// `SessionRegistry` asks, `endSession(id:)` signs one out, `endSessions(of:except:)` ends
/// the others after a password change.
///
/// Every call waits on the database; each change is one transaction, so nothing is ever
/// half-written. A database the app cannot use (locked for too long, read-only, a full disk)
/// throws an `AccountError` whose `isStorageFailure` is set, with a message for the form.
///
/// ```swift
/// let store = AccountStore(database: try AccountDatabase.open(path: "webapp.sqlite"),
///                          validTeamIDs: Set(SampleData.shared.teams.map(\.id)))
/// let account = try await store.register(username: "ada", displayName: "Ada", password: "secret")
/// let signedIn = try await store.authenticate(username: "demo", password: "demo")
/// try await store.changePassword(username: "ada", current: "secret", new: "better", confirmation: "better")
/// let id = try await store.startSession(username: "ada")
/// try await store.isSessionActive(id: id, username: "ada")   // true
/// try await store.endSession(id: id)                         // signed out
/// ```
final class AccountStore: Sendable {
    /// Minimum password length (short, because this is a demo).
    static let minimumPasswordLength = 4
    /// Maximum bio length.
    static let maximumBioLength = 200

    /// How long a session row is kept: the session cookie's lifetime.
    static let sessionLifetime = 60 * 60 * 24 * 14

    /// Where the rows are (SQLite or PostgreSQL).
    let storage: any AccountStorage
    private let validTeamIDs: Set<Int>?
    private let passwordIterations: Int
    /// Where passwords are hashed: at most half the cores at once, a bounded queue.
    let hashing: BoundedWorkPool
    /// What an unknown username's password is checked against (see `PasswordHash.unmatchable`).
    private let unknownUserHash: PasswordHash
    /// The time in Unix seconds (session rows' start); tests move it.
    private let clock: @Sendable () -> Int

    /// A store over a migrated SQLite `database` (see `AccountDatabase`).
    convenience init(database: any DatabaseWriter, validTeamIDs: Set<Int>? = nil,
                     passwordIterations: Int = PasswordHash.defaultIterations,
                     hashing: BoundedWorkPool = BoundedWorkPool(label: "webapp.password-hash"),
                     clock: @escaping @Sendable () -> Int = { Int(Date().timeIntervalSince1970) }) {
        self.init(storage: SQLiteAccountStorage(database: database), validTeamIDs: validTeamIDs,
                  passwordIterations: passwordIterations, hashing: hashing, clock: clock)
    }

    /// A store over `storage` (migrated). `validTeamIDs` limits favourite teams (`nil`: any
    /// positive id); `passwordIterations` is the PBKDF2 count of new hashes (tests lower it);
    /// `hashing` is the pool passwords are hashed on.
    init(storage: any AccountStorage, validTeamIDs: Set<Int>? = nil,
         passwordIterations: Int = PasswordHash.defaultIterations,
         hashing: BoundedWorkPool = BoundedWorkPool(label: "webapp.password-hash"),
         clock: @escaping @Sendable () -> Int = { Int(Date().timeIntervalSince1970) }) {
        self.storage = storage
        self.validTeamIDs = validTeamIDs
        self.passwordIterations = passwordIterations
        self.hashing = hashing
        self.unknownUserHash = PasswordHash.unmatchable(iterations: passwordIterations)
        self.clock = clock
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

    /// Creates an account; throws with a message per invalid field (bad or taken username, bad
    /// display name, short password). When two requests (or two instances) register the same
    /// name at once, one wins and the other gets "This username is taken.". The username is
    /// normalised first (`normalizedUsername(_:)`): `"Ada "` registers `ada`.
    @discardableResult
    func register(username typed: String, displayName: String, password: String) async throws(AccountError) -> Account {
        let username = Self.normalizedUsername(typed)
        var messages: [AccountField: String] = [:]
        if let problem = Self.usernameProblem(username) {
            messages[.username] = problem
        } else if try await account(named: username) != nil {
            messages[.username] = Self.taken
        }
        let name = Self.trimmed(displayName)
        if let problem = Self.displayNameProblem(name) { messages[.displayName] = problem }
        if let problem = Self.passwordProblem(password) { messages[.password] = problem }
        guard messages.isEmpty else { throw AccountError(messages) }
        let hash = try await hash(password)
        let account = Account(username: username, displayName: name, passwordHash: hash, favouriteTeamID: nil, bio: "")
        let inserted: Bool
        do {
            inserted = try await storage.insert(account)
        } catch {
            throw AccountError(storageFailure: error, writing: true)
        }
        // Another request (or instance) got there first.
        guard inserted else { throw AccountError([.username: Self.taken]) }
        return account
    }

    /// The account when `password` is right, else `nil` (also for an unknown username, after
    /// the same work as a wrong password). The username is normalised first
    /// (`normalizedUsername(_:)`), as the sign-in throttle's key is.
    func authenticate(username typed: String, password: String) async throws(AccountError) -> Account? {
        let account = try await account(named: Self.normalizedUsername(typed))
        let matches = try await check(password, against: account?.passwordHash ?? unknownUserHash)
        return matches ? account : nil
    }

    /// The account named `username`, if any. Pages read it on every request.
    func account(named username: String) async throws(AccountError) -> Account? {
        do {
            return try await storage.account(named: username)
        } catch let error as AccountError {
            throw error
        } catch {
            throw AccountError(storageFailure: error, writing: false)
        }
    }

    /// Number of accounts.
    func count() async throws(AccountError) -> Int {
        do {
            return try await storage.count()
        } catch {
            throw AccountError(storageFailure: error, writing: false)
        }
    }

    /// What a profile update does with the favourite team.
    enum TeamChange: Sendable, Equatable {
        /// Leaves it as it is.
        case keep
        /// Follows no team.
        case clear
        /// Follows this team.
        case set(Int)
    }

    /// Saves, in one transaction, the parts of a profile that are given: the display name and
    /// bio when not `nil`, the favourite team as `favouriteTeam` says. What is not given keeps
    /// its stored value, so an edit never writes back a value read earlier.
    @discardableResult
    func updateProfile(username: String, displayName: String? = nil, favouriteTeam: TeamChange = .keep,
                       bio: String? = nil) async throws(AccountError) -> Account {
        var messages: [AccountField: String] = [:]
        let name = displayName.map(Self.trimmed)
        if let name, let problem = Self.displayNameProblem(name) { messages[.displayName] = problem }
        if case .set(let team) = favouriteTeam, team < 1 || validTeamIDs.map({ !$0.contains(team) }) == true {
            messages[.favouriteTeam] = "Choose a team from the list."
        }
        if let bio, bio.count > Self.maximumBioLength {
            messages[.bio] = "Keep the bio to \(Self.maximumBioLength) characters."
        }
        let newBio = bio.map(Self.trimmed)
        let fieldMessages = messages
        let result: Account?
        do {
            // Checked inside the transaction, so a missing account is reported before field errors.
            result = try await storage.updateAccount(named: username) { account in
                guard fieldMessages.isEmpty else { throw AccountError(fieldMessages) }
                if let name { account.displayName = name }
                switch favouriteTeam {
                case .keep: break
                case .clear: account.favouriteTeamID = nil
                case .set(let team): account.favouriteTeamID = team
                }
                if let newBio { account.bio = newBio }
            }
        } catch let error as AccountError {
            throw error
        } catch {
            throw AccountError(storageFailure: error, writing: true)
        }
        guard let result else { throw AccountError([.form: "There is no account named \(username)."]) }
        return result
    }

    /// Changes the password after checking the current one; throws with a message per field
    /// (wrong current password, short or unchanged new password, confirmation mismatch).
    func changePassword(username: String, current: String, new: String, confirmation: String) async throws(AccountError) {
        guard let account = try await account(named: username) else {
            throw AccountError([.form: "There is no account named \(username)."])
        }
        var messages: [AccountField: String] = [:]
        if try await !check(current, against: account.passwordHash) {
            messages[.currentPassword] = "The current password is not right."
        }
        if let problem = Self.passwordProblem(new) {
            messages[.newPassword] = problem
        } else if new == current {
            messages[.newPassword] = "Choose a password different from the current one."
        }
        if new != confirmation { messages[.confirmation] = "The two new passwords do not match." }
        guard messages.isEmpty else { throw AccountError(messages) }
        let hash = try await hash(new)
        let changed: Bool
        do {
            // Only if the password is still the one just checked: a change made meanwhile wins.
            changed = try await storage.replacePasswordHash(of: username, old: account.passwordHash, new: hash)
        } catch {
            throw AccountError(storageFailure: error, writing: true)
        }
        guard changed else {
            throw AccountError([.currentPassword: "The password was changed meanwhile. Enter the current one again."])
        }
    }

    // MARK: - Sessions

    /// Records a new signed-in session of `username` and returns its random id (128 bits,
    /// base64url), which the session cookie carries. Drops the account's sessions older
    /// than `sessionLifetime` on the way.
    func startSession(username: String) async throws -> String {
        let id = Session.newID()
        let now = clock()
        do {
            try await storage.insertSession(id: id, username: username, now: now, expiredBefore: now - Self.sessionLifetime)
        } catch {
            throw AccountError(storageFailure: error, writing: true)
        }
        return id
    }

    /// Whether the session `id` of `username` is still active (not signed out, not ended by
    /// a password change). One indexed read; pages ask it once per request.
    func isSessionActive(id: String, username: String) async throws -> Bool {
        do {
            return try await storage.hasSession(id: id, username: username)
        } catch {
            throw AccountError(storageFailure: error, writing: false)
        }
    }

    /// Ends the session `id` (sign-out): a copy of its cookie is signed out too.
    func endSession(id: String) async throws {
        do {
            try await storage.deleteSession(id: id)
        } catch {
            throw AccountError(storageFailure: error, writing: true)
        }
    }

    /// Ends every session of `username` but `id` (after a password change: other browsers,
    /// and any copied cookie, are signed out; this one stays).
    func endSessions(of username: String, except id: String?) async throws {
        do {
            try await storage.deleteSessions(of: username, except: id)
        } catch {
            throw AccountError(storageFailure: error, writing: true)
        }
    }

    private static let taken = "This username is taken."

    // MARK: - Validation

    /// The one form of a username that every lookup, lock and count uses, made once from what
    /// was typed: trimmed of white space, composed (Unicode NFC) and in lower case. The case
    /// policy: usernames are case-insensitive, stored and shown in lower case, so `Demo`,
    /// `demo ` and `demo` are one account (and one throttle key, `AttemptThrottle.Key.account`).
    static func normalizedUsername(_ typed: String) -> String {
        AttemptThrottle.Key.normalizedName(typed)
    }

    /// Why `username` is not acceptable, or `nil`.
    static func usernameProblem(_ username: String) -> String? {
        if username.isEmpty { return "Enter a username." }
        let allowed = username.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
        }
        guard allowed, (3...20).contains(username.utf8.count) else {
            return "Use 3–20 characters: a–z, 0–9, _ . -"
        }
        return nil
    }

    /// Why a (trimmed) display name is not acceptable, or `nil`.
    static func displayNameProblem(_ name: String) -> String? {
        if name.isEmpty { return "Enter a display name." }
        if name.count > 40 { return "Keep the display name to 40 characters." }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "The display name cannot contain control characters."
        }
        return nil
    }

    /// Why a password is not acceptable, or `nil`.
    static func passwordProblem(_ password: String) -> String? {
        password.count < minimumPasswordLength
            ? "Use at least \(minimumPasswordLength) characters." : nil
    }

    private static func trimmed(_ text: String) -> String {
        var scalars = Substring(text)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
