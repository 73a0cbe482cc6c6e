public import WebRouter

/// What an account action on ``Accounts`` came to, for an app that draws its own screens:
/// done, refused with a message per field (422), or throttled (429 with `Retry-After`).
/// ``actionResult(onSuccess:)`` turns it into a screen action's result.
///
/// ```swift
/// func perform(_ action: Action, form: FormData, router: Router<SignIn>) async throws -> ActionResult {
///     await accounts.signIn(username: form["username"] ?? "", password: form["password"] ?? "", request: router.request)
///         .actionResult(onSuccess: router.request.nextURL ?? "/")
/// }
/// ```
public enum AccountOutcome: Sendable, Equatable {
    /// It was done; the account when there is one (signed in, registered, changed).
    case succeeded(Account?)
    /// Refused: a message per field, or for the whole form.
    case invalid(FormErrors)
    /// Refused before any work: too many attempts (or the hashing pool is full); try again in `retryAfter` seconds.
    case tooManyAttempts(retryAfter: Int, FormErrors)

    /// The screen action's result: a move to `url` on success, else the form again with its
    /// messages (422, or 429 with `Retry-After`).
    public func actionResult(onSuccess url: @autoclosure () -> String) -> ActionResult {
        switch self {
        case .succeeded: .move(to: url())
        case .invalid(let errors): .invalid(errors)
        case .tooManyAttempts(let seconds, let errors): .tooManyAttempts(retryAfter: seconds, errors)
        }
    }

    /// Whether it was done.
    public var succeeded: Bool {
        if case .succeeded = self { return true }
        return false
    }

    /// The refusal of `error`: a full hashing pool is a 429, anything else a 422.
    init(_ error: AccountError) {
        self = error.isBusy ? .tooManyAttempts(retryAfter: AccountError.busyRetryAfter, error.formErrors) : .invalid(error.formErrors)
    }

    /// A throttle's refusal.
    static func throttled(_ seconds: Int, _ message: String) -> AccountOutcome {
        .tooManyAttempts(retryAfter: seconds, FormErrors(general: [message]))
    }
}
