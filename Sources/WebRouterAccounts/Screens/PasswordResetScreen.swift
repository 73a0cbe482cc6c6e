public import WebRouter

/// The ready screen a reset link opens (`…?token=…`): the new password twice. A valid,
/// unexpired, unused token sets it, ends every session of the account and signs in under a
/// new one, then goes on to `destination`; any other token is refused with a message.
///
/// ```swift
/// Present(Navigation(PasswordResetScreen(accounts: accounts, destination: "/notes")))
/// ```
public struct PasswordResetScreen: ContentScreen {
    /// The form's one action.
    public enum Action: String, ScreenAction {
        /// Submitting the form.
        case reset
    }

    /// The reset form: the token carried back, the new password twice.
    public struct NewPassword: Form {
        /// The link's token.
        public var token = ""
        /// The new password.
        public var new = ""
        /// The new password again.
        public var confirmation = ""
        /// An empty form.
        public init() {}
        /// A form carrying `token`.
        public init(token: String) { self.token = token }
        /// The fields.
        public static let fields: [Field<NewPassword>] = [
            .hidden("token", \.token),
        ] + AccountFormParts.newPasswordTwice(\.new, \.confirmation)
        /// The new password twice, the same.
        public static let rules: [FormRule<NewPassword>] = [AccountFormParts.samePasswords(\.new, \.confirmation)]
    }

    /// The heading and `<title>`.
    public let title: String
    /// The accounts whose passwords it resets.
    public let accounts: Accounts
    /// Where the person goes once the new password is set (signed in).
    public let destination: String
    /// The class names of its parts.
    public let style: AccountScreenStyle

    /// A reset screen for `accounts`, going on to `destination`.
    public init(accounts: Accounts, title: String = "Choose a new password", destination: String = "/",
                style: AccountScreenStyle = AccountScreenStyle()) {
        self.accounts = accounts
        self.title = title
        self.destination = destination
        self.style = style
    }

    /// The heading and the form, carrying the link's token.
    @HTMLBuilder
    public func body(_ context: Void, router: Router<PasswordResetScreen>) -> some HTML {
        h1 { title }
        router.form(.reset, NewPassword(token: router.request.query["token"] ?? ""), .class(style.form)) { fields in
            fields.autofocus(\.new)
            style.submit("Set the new password")
        }
    }

    /// Sets the password (``Accounts/resetPassword(token:new:confirmation:request:)``).
    public func perform(_ action: Action, form: FormData, router: Router<PasswordResetScreen>) async throws -> ActionResult {
        let request = router.request
        return try await router.validate(NewPassword.self, form) { reset in
            await accounts.resetPassword(token: reset.token, new: reset.new, confirmation: reset.confirmation, request: request)
                .actionResult(onSuccess: destination)
        }
    }
}
