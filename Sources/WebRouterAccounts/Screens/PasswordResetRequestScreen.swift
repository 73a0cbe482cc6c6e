public import WebRouter

/// The ready "forgot your password" screen: a username; when the account exists, a signed link
/// to `resetPage` (a ``PasswordResetScreen``) goes to the app's ``PasswordResetHook`` (in
/// development, the log). The visitor is told the same whether or not the account exists.
/// Requests are throttled by account and address.
///
/// ```swift
/// Present(Navigation(PasswordResetRequestScreen(accounts: accounts, resetPage: "/welcome/~reset-password")))
/// ```
public struct PasswordResetRequestScreen: ContentScreen {
    /// The form's one action.
    public enum Action: String, ScreenAction {
        /// Submitting the form.
        case send
    }

    /// The request form.
    public struct ResetRequest: Form {
        /// The username as typed.
        public var username = ""
        /// An empty form.
        public init() {}
        /// The one field.
        public static let fields: [Field<ResetRequest>] = [
            .text("username", \.username, label: "Username", autocomplete: "username", .required("Enter your username.")),
        ]
    }

    /// The query the screen adds after a request, for its notice.
    public static let sentQuery = ("reset", "sent")

    /// The heading and `<title>`.
    public let title: String
    /// The accounts whose passwords it resets.
    public let accounts: Accounts
    /// The path of the app's ``PasswordResetScreen``; the link adds `?token=…`.
    public let resetPage: String
    /// The class names of its parts.
    public let style: AccountScreenStyle

    /// A reset-request screen for `accounts`, linking to `resetPage`.
    public init(accounts: Accounts, resetPage: String, title: String = "Reset your password",
                style: AccountScreenStyle = AccountScreenStyle()) {
        self.accounts = accounts
        self.resetPage = resetPage
        self.title = title
        self.style = style
    }

    /// The heading, the notice once sent, and the form.
    @HTMLBuilder
    public func body(_ context: Void, router: Router<PasswordResetRequestScreen>) -> some HTML {
        h1 { title }
        if router.request.query[Self.sentQuery.0] == Self.sentQuery.1 {
            p(.class(style.notice), .role("status")) { Accounts.resetRequested }
        }
        router.form(.send, ResetRequest(), .class(style.form)) { fields in
            fields.autofocus(\.username)
            style.submit("Send a reset link")
        }
    }

    /// Asks for the link (``Accounts/requestPasswordReset(username:link:request:)``).
    public func perform(_ action: Action, form: FormData, router: Router<PasswordResetRequestScreen>) async throws -> ActionResult {
        let request = router.request
        let page = resetPage
        let here = router.url
        return try await router.validate(ResetRequest.self, form) { reset in
            await accounts.requestPasswordReset(username: reset.username, link: { token in
                request.absoluteURL(for: page + "?" + QueryItems([("token", token)]).encoded)
            }, request: request)
            .actionResult(onSuccess: here + "?" + QueryItems([Self.sentQuery]).encoded)
        }
    }
}
