public import WebRouter

/// The ready sign-in screen: username and password, throttled (429 with `Retry-After`), then
/// on to the page the visitor wanted (`next`) or `destination`. Mount it where a sign-in
/// belongs in the app's tree (presented over a public screen, or as a tab of the signed-out
/// case); it is drawn in the app's chrome with the framework's form markup (labels, messages
/// tied to their fields, focus on the first).
///
/// ```swift
/// Present(Navigation(SignInScreen(accounts: accounts, destination: "/notes", registration: "/welcome/~register")))
/// ```
public struct SignInScreen: ContentScreen {
    /// The form's one action.
    public enum Action: String, ScreenAction {
        /// Submitting the form.
        case signIn = "sign-in"
    }

    /// The sign-in form: both fields required.
    public struct Credentials: Form {
        /// The username as typed (normalised by the store).
        public var username = ""
        /// The password.
        public var password = ""
        /// An empty form.
        public init() {}
        /// The two fields.
        public static let fields: [Field<Credentials>] = [
            .text("username", \.username, label: "Username", autocomplete: "username", .required("Enter your username.")),
            .text("password", \.password, label: "Password", type: .password, autocomplete: "current-password",
                  .required("Enter your password.")),
        ]
    }

    /// The heading and `<title>`.
    public let title: String
    /// The accounts it signs in to.
    public let accounts: Accounts
    /// Where a visitor goes after signing in when no `next` was asked for.
    public let destination: String
    /// A link to registration, when the app offers it.
    public let registration: String?
    /// A link to the password-reset request, when the app offers it.
    public let passwordReset: String?
    /// The class names of its parts.
    public let style: AccountScreenStyle

    /// A sign-in screen for `accounts`, going on to `destination`.
    public init(accounts: Accounts, title: String = "Sign in", destination: String = "/",
                registration: String? = nil, passwordReset: String? = nil, style: AccountScreenStyle = AccountScreenStyle()) {
        self.accounts = accounts
        self.title = title
        self.destination = destination
        self.registration = registration
        self.passwordReset = passwordReset
        self.style = style
    }

    /// The heading, the form and the links.
    @HTMLBuilder
    public func body(_ context: Void, router: Router<SignInScreen>) -> some HTML {
        h1 { title }
        router.form(.signIn, Credentials(), .class(style.form)) { fields in
            fields.autofocus(\.username)
            style.submit("Sign in")
        }
        if let passwordReset { p { a(.href(passwordReset)) { "Forgot your password?" } } }
        if let registration { p { "New here? "; a(.href(registration)) { "Create an account" } } }
    }

    /// Signs in (``Accounts/signIn(username:password:request:)``).
    public func perform(_ action: Action, form: FormData, router: Router<SignInScreen>) async throws -> ActionResult {
        // The throttle is checked before the form is even validated.
        let request = router.request
        if let wait = accounts.throttles.signIn.retryAfter(
            [.account(form["username"] ?? ""), .client(request)], now: request.now) {
            return .tooManyAttempts(retryAfter: wait, FormErrors(general: [AttemptThrottle.message(retryAfter: wait)]))
        }
        return try await router.validate(Credentials.self, form) { credentials in
            await accounts.signIn(username: credentials.username, password: credentials.password, request: request)
                .actionResult(onSuccess: request.nextURL ?? destination)
        }
    }
}
