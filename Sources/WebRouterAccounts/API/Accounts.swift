import Logging
public import WebRouter

/// Accounts as a part an app mounts: the store, the throttles, the session key and the
/// password-reset hook in one value, and the account actions at the level of a request (the
/// throttles checked first, the session started, renewed or ended, the outcome ready for a
/// form). The ready screens (``SignInScreen``, ``RegistrationScreen``,
/// ``ChangePasswordScreen``, ``DeleteAccountScreen``, ``SignOutScreen``,
/// ``PasswordResetRequestScreen``, ``PasswordResetScreen``) call these; an app that draws its
/// own screens calls them from its own actions.
///
/// What it promises: usernames normalised once, before any lookup, lock or count; sign-in,
/// change password, deletion and reset throttled per address and per account, registration
/// per address, answered `429` with `Retry-After` before any password is hashed; the session
/// id issued anew at sign-in and at a password change (the account's other sessions end,
/// the changing one goes on under the new id); sign-out ends the session everywhere its
/// cookie was copied.
///
/// ```swift
/// let database = try SQLiteAccountDatabase.open(path: "app.sqlite")
/// let accounts = Accounts(store: AccountStore(storage: SQLiteAccountStorage(database: database)), secret: secret,
///                         roles: { username in username == "ada" ? ["admin"] : [] })   // optional
/// var configuration = ApplicationConfiguration(appName: "Notes")
/// configuration.sessionRegistry = accounts.sessionRegistry
/// // in a screen's action:
/// return await accounts.signIn(username: form["username"] ?? "", password: form["password"] ?? "", request: router.request)
///     .actionResult(onSuccess: router.request.nextURL ?? "/")
/// ```
public final class Accounts: Sendable {
    /// The session key that holds the signed-in username, unless the app names another.
    public static let defaultUserKey = "user"
    /// The session key that holds the signed-in person's roles, comma-separated (`"admin,editor"`):
    /// the entry `SignInPolicy`'s default `roles` reads, so `.requiresSignIn(role:)` sees them.
    public static let rolesKey = "roles"

    /// Where accounts and sessions are kept.
    public let store: AccountStore
    /// The limits on guessing and flooding.
    public let throttles: AccountThrottles
    /// The session key that holds the signed-in username.
    public let userKey: String
    /// Where reset links go.
    public let passwordReset: any PasswordResetHook
    /// The reset links' tokens; `nil` when no secret was given (no resets).
    public let resetTokens: PasswordResetTokens?
    /// The roles of an account, by its (normalised) username: asked each time a session starts
    /// (sign-in, registration, password reset) and written into the session's ``rolesKey``
    /// entry, which `SignInPolicy`'s default `roles` reads. Where the roles are kept is the
    /// app's choice (its own table beside the accounts, a list in its configuration). A change
    /// takes effect at the person's next sign-in; an app whose roles must apply at once reads
    /// them itself in its `SignInPolicy`. None by default.
    public let roles: @Sendable (_ username: String) async throws -> Set<String>

    /// Accounts over `store`. `secret` signs password-reset links (without one, resets are
    /// refused); `passwordReset` delivers them (by default to the log, for development);
    /// `roles` tells the roles of an account, written into its session at sign-in (none by
    /// default; when it throws, the session gets none and the error is logged).
    public init(store: AccountStore, throttles: AccountThrottles = AccountThrottles(),
                userKey: String = Accounts.defaultUserKey, secret: AppSecret? = nil,
                passwordReset: any PasswordResetHook = LoggedPasswordReset(),
                roles: @escaping @Sendable (_ username: String) async throws -> Set<String> = { _ in [] }) {
        self.store = store
        self.throttles = throttles
        self.userKey = userKey
        self.passwordReset = passwordReset
        self.resetTokens = secret.map { PasswordResetTokens(secret: $0) }
        self.roles = roles
    }

    /// The registry to set as the configuration's `sessionRegistry`, so ended sessions end.
    public var sessionRegistry: AccountSessionRegistry { AccountSessionRegistry(store: store, userKey: userKey) }

    /// The signed-in username of `request`, `nil` for a visitor.
    public func username(of request: RequestContext) -> String? { request.session[userKey] }

    // MARK: - Sign in and out

    /// Signs `request` in when `password` is right: a new session id, recorded in the store,
    /// in the session cookie. Throttled by account and address (checked before any hashing).
    public func signIn(username typed: String, password: String, request: RequestContext) async -> AccountOutcome {
        let username = AccountRules.normalizedUsername(typed)
        let now = request.now
        let keys: [AttemptThrottle.Key] = [.account(username), .client(request)]
        if let wait = throttles.signIn.retryAfter(keys, now: now) {
            return .throttled(wait, AttemptThrottle.message(retryAfter: wait))
        }
        do throws(AccountError) {
            guard let account = try await store.authenticate(username: username, password: password) else {
                throttles.signIn.recordFailure(keys, now: now)
                return .invalid(FormErrors(general: ["Wrong username or password."]))
            }
            try await startSession(of: account.username, request: request)
            // The account's count starts over; the address's stays, so one address cannot
            // take turns between its own account and guesses at others.
            throttles.signIn.recordSuccess([.account(username)])
            return .succeeded(account)
        } catch {
            return AccountOutcome(error)
        }
    }

    /// Ends `request`'s session in the store (a copy of its cookie is signed out too), then
    /// clears the session. A store that cannot is a `503` saying so; the visitor stays signed in.
    public func signOut(request: RequestContext) async throws(HTTPError) {
        if let id = request.session.id {
            do {
                try await store.endSession(id: id)
            } catch {
                var failure = HTTPError(.serviceUnavailable, "Signing out failed: the accounts database is not available. Try again in a moment.")
                failure.retryAfter = 5
                throw failure
            }
        }
        request.updateSession { $0.values = [:] }
    }

    private func startSession(of username: String, request: RequestContext) async throws(AccountError) {
        let id = try await store.startSession(username: username)
        let granted = await roles(of: username, request: request)
        let key = userKey
        request.updateSession {
            $0[key] = username
            $0[Accounts.rolesKey] = granted.isEmpty ? nil : granted.sorted().joined(separator: ",")
            $0.id = id
        }
    }

    /// ``roles`` of `username`; none when it throws (logged), as `SignInPolicy` treats a failing `roles`.
    private func roles(of username: String, request: RequestContext) async -> Set<String> {
        do {
            return try await roles(username)
        } catch {
            request.logger.error("the roles of \(username) could not be read, signed in with none: \(error)")
            return []
        }
    }

    // MARK: - Registration

    /// Creates an account and signs `request` in with it. Every attempt from an address counts
    /// against the registration throttle, made or not.
    public func register(username: String, password: String, request: RequestContext) async -> AccountOutcome {
        let keys: [AttemptThrottle.Key] = [.client(request)]
        let now = request.now
        if let wait = throttles.registration.retryAfter(keys, now: now) {
            return .throttled(wait, AccountThrottles.registrationMessage(retryAfter: wait))
        }
        throttles.registration.recordFailure(keys, now: now)
        do throws(AccountError) {
            let account = try await store.register(username: username, password: password)
            try await startSession(of: account.username, request: request)
            return .succeeded(account)
        } catch {
            return AccountOutcome(error)
        }
    }

    // MARK: - Password and deletion

    /// Changes the signed-in person's password, then renews the sessions: every session of
    /// the account ends and this one goes on under a new id, so a copy of this browser's
    /// cookie taken before the change is signed out. Throttled by account and address.
    public func changePassword(current: String, new: String, confirmation: String, request: RequestContext) async -> AccountOutcome {
        guard let username = username(of: request) else { return .invalid(FormErrors(general: ["Sign in first."])) }
        let now = request.now
        let keys: [AttemptThrottle.Key] = [.account(username), .client(request)]
        if let wait = throttles.passwordChange.retryAfter(keys, now: now) {
            return .throttled(wait, AttemptThrottle.message(retryAfter: wait))
        }
        do throws(AccountError) {
            try await store.changePassword(username: username, current: current, new: new, confirmation: confirmation)
        } catch {
            if !error.isStorageFailure && !error.isBusy { throttles.passwordChange.recordFailure(keys, now: now) }
            return AccountOutcome(error)
        }
        throttles.passwordChange.recordSuccess([.account(username)])
        do throws(AccountError) {
            let renewed = try await store.renewSessions(of: username)
            request.updateSession { $0.id = renewed }
            request.sessionsEnded()
            return .succeeded(try await store.account(named: username))
        } catch {
            return .invalid(FormErrors(general: [
                "Your password was changed, but your other sessions could not be signed out: the accounts database is not available. Change it again later to sign them out.",
            ]))
        }
    }

    /// Deletes the signed-in person's account after checking the password; every session of
    /// it ends and `request` is signed out. Throttled by account and address.
    public func deleteAccount(password: String, request: RequestContext) async -> AccountOutcome {
        guard let username = username(of: request) else { return .invalid(FormErrors(general: ["Sign in first."])) }
        let now = request.now
        let keys: [AttemptThrottle.Key] = [.account(username), .client(request)]
        if let wait = throttles.deletion.retryAfter(keys, now: now) {
            return .throttled(wait, AttemptThrottle.message(retryAfter: wait))
        }
        do throws(AccountError) {
            try await store.deleteAccount(username: username, password: password)
        } catch {
            if !error.isStorageFailure && !error.isBusy { throttles.deletion.recordFailure(keys, now: now) }
            return AccountOutcome(error)
        }
        request.updateSession { $0.values = [:] }
        request.sessionsEnded()
        return .succeeded(nil)
    }

    // MARK: - Password reset

    /// What a reset request is always told, whether or not the account exists.
    public static let resetRequested = "If an account of that name exists, a link to choose a new password is on its way."

    /// Asks for a reset link for `username`: when the account exists, a signed link (made by
    /// `link` from the token) goes to ``passwordReset``; the visitor is told the same either
    /// way. Every request counts against the reset throttle, by account and address.
    public func requestPasswordReset(username typed: String, link: (String) -> String, request: RequestContext) async -> AccountOutcome {
        guard let resetTokens else { return .invalid(FormErrors(general: ["Password resets are not available."])) }
        let username = AccountRules.normalizedUsername(typed)
        let now = request.now
        let keys: [AttemptThrottle.Key] = [.account(username), .client(request)]
        if let wait = throttles.passwordReset.retryAfter(keys, now: now) {
            return .throttled(wait, AttemptThrottle.message(retryAfter: wait))
        }
        throttles.passwordReset.recordFailure(keys, now: now)
        do throws(AccountError) {
            if let account = try await store.account(named: username) {
                let url = link(resetTokens.issue(for: account, now: now))
                do {
                    try await passwordReset.deliver(resetLink: url, for: account, logger: request.logger)
                } catch {
                    request.logger.error("the password reset link for \(username) could not be delivered: \(error)")
                }
            }
            return .succeeded(nil)
        } catch {
            return AccountOutcome(error)
        }
    }

    /// Sets a new password through a reset `token`: valid, unexpired and unused (the password
    /// unchanged since it was issued). Every session of the account ends; `request` is signed
    /// in under a new one.
    public func resetPassword(token: String, new: String, confirmation: String, request: RequestContext) async -> AccountOutcome {
        let invalidLink = AccountOutcome.invalid(FormErrors(general: ["This reset link is no longer valid. Ask for a new one."]))
        guard let resetTokens, let username = resetTokens.username(in: token, now: request.now) else { return invalidLink }
        do throws(AccountError) {
            guard let account = try await store.account(named: username),
                  resetTokens.isCurrent(token, for: account, now: request.now)
            else { return invalidLink }
            try await store.resetPassword(username: username, new: new, confirmation: confirmation)
            try await startSession(of: username, request: request)
            request.sessionsEnded()
            return .succeeded(try await store.account(named: username))
        } catch {
            return AccountOutcome(error)
        }
    }
}
