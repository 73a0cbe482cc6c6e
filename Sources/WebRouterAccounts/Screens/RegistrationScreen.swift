public import WebRouter

/// The ready registration screen: a username and a password typed twice; creates the account,
/// signs in, and goes on to `next` or `destination`. Registrations are throttled by address
/// (429 with `Retry-After`).
///
/// ```swift
/// Present(Navigation(RegistrationScreen(accounts: accounts, destination: "/notes")))
/// ```
public struct RegistrationScreen: ContentScreen {
    /// The form's one action.
    public enum Action: String, ScreenAction {
        /// Submitting the form.
        case register
    }

    /// The registration form.
    public struct NewAccount: Form {
        /// The username as typed (normalised by the store: trimmed, NFC, lower case).
        public var username = ""
        /// The password.
        public var password = ""
        /// The password again.
        public var confirmation = ""
        /// An empty form.
        public init() {}
        /// The fields; the store's rules decide the rest (the username's characters and length).
        public static let fields: [Field<NewAccount>] = [
            .text("username", \.username, label: "Username", hint: "Letters a–z, digits and _ . - (case does not matter).",
                  autocomplete: "username", .required("Enter a username.")),
            .text("password", \.password, label: "Password", type: .password, autocomplete: "new-password",
                  .required("Enter a password.")),
            .text("confirmation", \.confirmation, label: "Password again", type: .password, autocomplete: "new-password",
                  .required("Enter the password again.")),
        ]
        /// The password twice, the same.
        public static let rules: [FormRule<NewAccount>] = [
            AccountFormParts.samePasswords(\.password, \.confirmation, "The two passwords do not match."),
        ]
    }

    /// The heading and `<title>`.
    public let title: String
    /// The accounts it adds to.
    public let accounts: Accounts
    /// Where the new account goes after registering when no `next` was asked for.
    public let destination: String
    /// A link to sign-in, for those who already have an account.
    public let signIn: String?
    /// The class names of its parts.
    public let style: AccountScreenStyle

    /// A registration screen for `accounts`, going on to `destination`.
    public init(accounts: Accounts, title: String = "Create an account", destination: String = "/",
                signIn: String? = nil, style: AccountScreenStyle = AccountScreenStyle()) {
        self.accounts = accounts
        self.title = title
        self.destination = destination
        self.signIn = signIn
        self.style = style
    }

    /// The heading and the form.
    @HTMLBuilder
    public func body(_ context: Void, router: Router<RegistrationScreen>) -> some HTML {
        h1 { title }
        p(.class(style.note)) {
            "\(accounts.store.rules.usernameRule). Passwords have at least \(accounts.store.rules.minimumPasswordLength) characters."
        }
        router.form(.register, NewAccount(), .class(style.form)) { fields in
            fields.autofocus(\.username)
            style.submit("Create account")
        }
        if let signIn { p { "Already have an account? "; a(.href(signIn)) { "Sign in" } } }
    }

    /// Registers and signs in (``Accounts/register(username:password:request:)``).
    public func perform(_ action: Action, form: FormData, router: Router<RegistrationScreen>) async throws -> ActionResult {
        let request = router.request
        if let wait = accounts.throttles.registration.retryAfter([.client(request)], now: request.now) {
            return .tooManyAttempts(retryAfter: wait, FormErrors(general: [AccountThrottles.registrationMessage(retryAfter: wait)]))
        }
        return try await router.validate(NewAccount.self, form) { new in
            await accounts.register(username: new.username, password: new.password, request: request)
                .actionResult(onSuccess: request.nextURL ?? destination)
        }
    }
}
