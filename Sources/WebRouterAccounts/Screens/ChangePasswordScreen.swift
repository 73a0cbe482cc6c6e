public import WebRouter

/// The ready change-password screen for a signed-in person: the current password, the new one
/// twice. On success every other session of the account ends, this one goes on under a new id,
/// and the person goes on to `destination`. Attempts are throttled by account and address
/// (429 with `Retry-After`).
///
/// ```swift
/// Push(ChangePasswordScreen(accounts: accounts, destination: "/settings?password=changed"))
/// ```
public struct ChangePasswordScreen: ContentScreen {
    /// The form's one action.
    public enum Action: String, ScreenAction {
        /// Submitting the form.
        case change
    }

    /// The change-password form: the new password twice, the same both times.
    public struct PasswordChange: Form {
        /// The current password.
        public var current = ""
        /// The new password.
        public var new = ""
        /// The new password again.
        public var confirmation = ""
        /// An empty form.
        public init() {}
        /// The three fields.
        public static let fields: [Field<PasswordChange>] = [
            .text("current_password", \.current, label: "Current password", type: .password, autocomplete: "current-password",
                  .required("Enter your current password.")),
        ] + AccountFormParts.newPasswordTwice(\.new, \.confirmation)
        /// The new password twice, the same.
        public static let rules: [FormRule<PasswordChange>] = [AccountFormParts.samePasswords(\.new, \.confirmation)]
    }

    /// The heading and `<title>`.
    public let title: String
    /// The accounts the signed-in person's is in.
    public let accounts: Accounts
    /// Where the person goes after the change.
    public let destination: String
    /// The class names of its parts.
    public let style: AccountScreenStyle

    /// A change-password screen for `accounts`, going on to `destination`.
    public init(accounts: Accounts, title: String = "Change password", destination: String = "/",
                style: AccountScreenStyle = AccountScreenStyle()) {
        self.accounts = accounts
        self.title = title
        self.destination = destination
        self.style = style
    }

    /// The heading and the form.
    @HTMLBuilder
    public func body(_ context: Void, router: Router<ChangePasswordScreen>) -> some HTML {
        h1 { title }
        p(.class(style.note)) { "Changing it signs you out everywhere else." }
        router.form(.change, PasswordChange(), .class(style.form)) { fields in
            fields
            style.submit("Change password")
        }
    }

    /// Changes the password (``Accounts/changePassword(current:new:confirmation:request:)``).
    public func perform(_ action: Action, form: FormData, router: Router<ChangePasswordScreen>) async throws -> ActionResult {
        let request = router.request
        return try await router.validate(PasswordChange.self, form) { change in
            await accounts.changePassword(current: change.current, new: change.new, confirmation: change.confirmation, request: request)
                .actionResult(onSuccess: destination)
        }
    }
}
