/// The demo app's users, in memory (lost at restart), keyed by username. Starts with the
/// pre-made account `demo` / `demo` ("Demo User", following team 3). Passwords are kept as
/// salted demo hashes (`PasswordHash`), never in clear.
///
/// ```swift
/// let store = AccountStore(validTeamIDs: Set(SampleData.shared.teams.map(\.id)))
/// let account = try await store.register(username: "ada", displayName: "Ada", password: "secret")
/// let signedIn = await store.authenticate(username: "demo", password: "demo")
/// try await store.changePassword(username: "ada", current: "secret", new: "better", confirmation: "better")
/// ```
actor AccountStore {
    /// Minimum password length (short, because this is a demo).
    static let minimumPasswordLength = 4
    /// Maximum bio length.
    static let maximumBioLength = 200

    private var accounts: [String: Account] = [:]
    private let validTeamIDs: Set<Int>?

    /// A store holding only the demo account. `validTeamIDs` limits favourite teams (`nil`: any
    /// positive id).
    init(validTeamIDs: Set<Int>? = nil) {
        self.validTeamIDs = validTeamIDs
        accounts["demo"] = Account(username: "demo", displayName: "Demo User",
                                   passwordHash: PasswordHash(password: "demo"), favouriteTeamID: 3,
                                   bio: "The pre-made account of the WebRouter demo.")
    }

    /// Creates an account; throws with a message per invalid field (bad or taken username, bad
    /// display name, short password).
    @discardableResult
    func register(username: String, displayName: String, password: String) throws(AccountError) -> Account {
        var messages: [AccountField: String] = [:]
        if let problem = Self.usernameProblem(username) {
            messages[.username] = problem
        } else if accounts[username] != nil {
            messages[.username] = "This username is taken."
        }
        let name = Self.trimmed(displayName)
        if let problem = Self.displayNameProblem(name) { messages[.displayName] = problem }
        if let problem = Self.passwordProblem(password) { messages[.password] = problem }
        guard messages.isEmpty else { throw AccountError(messages) }
        let account = Account(username: username, displayName: name, passwordHash: PasswordHash(password: password),
                              favouriteTeamID: nil, bio: "")
        accounts[username] = account
        return account
    }

    /// The account when `password` is right, else `nil` (also for an unknown username).
    func authenticate(username: String, password: String) -> Account? {
        guard let account = accounts[username], account.passwordHash.verifies(password) else { return nil }
        return account
    }

    /// The account named `username`, if any.
    func account(named username: String) -> Account? {
        accounts[username]
    }

    /// Number of accounts.
    var count: Int { accounts.count }

    /// Saves a new display name, favourite team (`nil` clears it) and, if given, bio.
    @discardableResult
    func updateProfile(username: String, displayName: String, favouriteTeamID: Int?,
                       bio: String? = nil) throws(AccountError) -> Account {
        guard var account = accounts[username] else {
            throw AccountError([.form: "There is no account named \(username)."])
        }
        var messages: [AccountField: String] = [:]
        let name = Self.trimmed(displayName)
        if let problem = Self.displayNameProblem(name) { messages[.displayName] = problem }
        if let team = favouriteTeamID, team < 1 || validTeamIDs.map({ !$0.contains(team) }) == true {
            messages[.favouriteTeam] = "Choose a team from the list."
        }
        if let bio, bio.count > Self.maximumBioLength {
            messages[.bio] = "Keep the bio to \(Self.maximumBioLength) characters."
        }
        guard messages.isEmpty else { throw AccountError(messages) }
        account.displayName = name
        account.favouriteTeamID = favouriteTeamID
        if let bio { account.bio = Self.trimmed(bio) }
        accounts[username] = account
        return account
    }

    /// Changes the password after checking the current one; throws with a message per field
    /// (wrong current password, short or unchanged new password, confirmation mismatch).
    func changePassword(username: String, current: String, new: String, confirmation: String) throws(AccountError) {
        guard var account = accounts[username] else {
            throw AccountError([.form: "There is no account named \(username)."])
        }
        var messages: [AccountField: String] = [:]
        if !account.passwordHash.verifies(current) {
            messages[.currentPassword] = "The current password is not right."
        }
        if let problem = Self.passwordProblem(new) {
            messages[.newPassword] = problem
        } else if new == current {
            messages[.newPassword] = "Choose a password different from the current one."
        }
        if new != confirmation { messages[.confirmation] = "The two new passwords do not match." }
        guard messages.isEmpty else { throw AccountError(messages) }
        account.passwordHash = PasswordHash(password: new)
        accounts[username] = account
    }

    // MARK: - Validation

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
