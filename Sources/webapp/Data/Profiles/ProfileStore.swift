import WebRouter
import WebRouterAccounts
import WebRouterStore

/// The demo's profiles (display name, favourite team, bio) beside the accounts of
/// `WebRouterAccounts`, kept as `Profile` records in a WebRouterStore `Store`: validated
/// edits, each one transaction, and the one-record read pages make. Errors are `AccountError`s
/// with the demo's own fields (`AccountField.displayName`, …), so a form shows them like the
/// accounts' own.
///
/// ```swift
/// let profiles = ProfileStore(store: storage.store, validTeamIDs: Set(1...48))
/// try await profiles.create(username: "ada", displayName: "Ada")
/// try await profiles.update(username: "ada", favouriteTeam: .set(7))
/// ```
final class ProfileStore: Sendable {
    /// Maximum bio length.
    static let maximumBioLength = 200

    let store: Store
    private let validTeamIDs: Set<Int>?

    /// Profiles in `store` (opened with `DemoSchema`); `validTeamIDs` limits favourite teams
    /// (`nil`: any positive id).
    init(store: Store, validTeamIDs: Set<Int>? = nil) {
        self.store = store
        self.validTeamIDs = validTeamIDs
    }

    /// The profile of `username`, if any. Pages read it on every request.
    func profile(named username: String) async throws(AccountError) -> Profile? {
        do {
            return try await store.find(Profile.self, id: username)
        } catch {
            throw AccountError(storageFailure: error, writing: false)
        }
    }

    /// The profile of `username` for a page being rendered: a database the app cannot read
    /// right now is a `503 Service Unavailable` page saying so, never a 500.
    func profileForPage(named username: String) async throws(HTTPError) -> Profile? {
        do {
            return try await profile(named: username)
        } catch {
            throw HTTPError(error.isStorageFailure ? .serviceUnavailable : .internalServerError,
                            error.messages.values.sorted().joined(separator: " "))
        }
    }

    /// Creates the profile of a new account (its display name checked by the form and again
    /// here), replacing any left from an earlier account of that name.
    @discardableResult
    func create(username: String, displayName: String) async throws(AccountError) -> Profile {
        let name = Self.trimmed(displayName)
        if let problem = Self.displayNameProblem(name) { throw AccountError([.displayName: problem]) }
        let profile = Profile(username: username, displayName: name, favouriteTeamID: nil, bio: "")
        do {
            try await store.save(profile)
        } catch {
            throw AccountError(storageFailure: error, writing: true)
        }
        return profile
    }

    /// Deletes the profile of `username` (its account was deleted); whether there was one.
    @discardableResult
    func delete(username: String) async throws(AccountError) -> Bool {
        do {
            return try await store.delete(Profile.self, id: username)
        } catch {
            throw AccountError(storageFailure: error, writing: true)
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
    func update(username: String, displayName: String? = nil, favouriteTeam: TeamChange = .keep,
                bio: String? = nil) async throws(AccountError) -> Profile {
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
        let result: Profile?
        do {
            // Checked inside the transaction, so a missing account is reported before field errors.
            result = try await store.transaction { transaction -> Profile? in
                guard var profile = try await transaction.find(Profile.self, id: username) else { return nil }
                guard fieldMessages.isEmpty else { throw AccountError(fieldMessages) }
                if let name { profile.displayName = name }
                switch favouriteTeam {
                case .keep: break
                case .clear: profile.favouriteTeamID = nil
                case .set(let team): profile.favouriteTeamID = team
                }
                if let newBio { profile.bio = newBio }
                try await transaction.update(profile)
                return profile
            }
        } catch let error as AccountError {
            throw error
        } catch {
            throw AccountError(storageFailure: error, writing: true)
        }
        guard let result else { throw AccountError([.form: "There is no account named \(username)."]) }
        return result
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

    private static func trimmed(_ text: String) -> String {
        var scalars = Substring(text)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
