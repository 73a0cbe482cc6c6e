import WebRouterHTML
import WebRouterHTTP
/// The named actions a screen handles on `POST` to its URL, as an enum:
///
/// ```swift
/// struct Login: ContentScreen {
///     enum Action: String, ScreenAction { case signIn = "sign-in" }
///
///     func perform(_ action: Action, form: FormData, router: Router<Login>) async throws -> ActionResult {
///         guard let user = await accounts.authenticate(form["username"], form["password"]) else {
///             return .invalid(FormErrors(general: ["Wrong username or password."]))
///         }
///         router.request.updateSession { $0["user"] = user.username }
///         return .move(to: router.request.nextURL ?? "/feed")
///     }
/// }
/// ```
/// The raw value is the name sent in the form's hidden `_action` field.
///
/// An action that validates a typed ``Form`` may name it (``formType``), so that the form's
/// own ``Form/maxBodySize`` raises the server's body limit for the screen's URL:
/// ```swift
/// enum Action: String, ScreenAction {
///     case upload
///     var formType: (any Form.Type)? { PhotoUpload.self }   // maxBodySize: 3 MiB
/// }
/// ```
public protocol ScreenAction: RawRepresentable, Sendable, CaseIterable where RawValue == String {
    /// The typed form this action validates, if it names one: a form whose
    /// ``Form/maxBodySize`` is larger than the server's `ServerConfiguration.maxBodySize`
    /// raises the limit for posts to the screen's URL (the largest of its actions' forms).
    /// `nil` by default: the server's limit.
    var formType: (any Form.Type)? { get }
}

extension ScreenAction {
    /// No typed form named: posts to the screen meet the server's body limit.
    public var formType: (any Form.Type)? { nil }
}

/// The action type of screens that handle no `POST`.
public enum NoAction: String, ScreenAction {
    /// The only value: no form names it.
    case none = ""
}

/// What an action answers: a move to a new URL (`303 See Other`), or the same screen again
/// with validation messages (`422 Unprocessable Content`, or `429 Too Many Requests` when
/// throttled).
public struct ActionResult: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case move(String)
        case invalid(FormErrors)
        case tooManyAttempts(FormErrors, retryAfter: Int)
    }
    let kind: Kind

    /// Moves to a URL of the app, usually from the router: `.move(to: router.link(\.match, 3))`,
    /// `.move(to: router.back ?? router.url)`, `.move(to: router.dismiss ?? "/")`.
    /// Anything that is not a local path (`https://…`, `//host`, control characters) is
    /// replaced by `/`: an action can never redirect off-site.
    public static func move(to location: String) -> ActionResult {
        ActionResult(kind: .move(LocalPath.sanitized(location) ?? "/"))
    }

    /// Renders the screen again with the submitted values and these messages (`422`).
    public static func invalid(_ errors: FormErrors) -> ActionResult {
        ActionResult(kind: .invalid(errors))
    }

    /// Renders the screen again with the submitted values and these messages, answered
    /// `429 Too Many Requests` with `Retry-After: seconds`: the form says why and how long to
    /// wait (see ``AttemptThrottle``).
    /// ```swift
    /// if let wait = throttle.retryAfter(keys, now: router.request.now) {
    ///     return .tooManyAttempts(retryAfter: wait, FormErrors(general: [AttemptThrottle.message(retryAfter: wait)]))
    /// }
    /// ```
    public static func tooManyAttempts(retryAfter seconds: Int, _ errors: FormErrors) -> ActionResult {
        ActionResult(kind: .tooManyAttempts(errors, retryAfter: max(1, seconds)))
    }
}
