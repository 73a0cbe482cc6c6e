public import WebRouter

/// The ready delete-account screen: says what deleting means, asks for the password, and with
/// a destructive button deletes the account and every session of it, signing out; then on to
/// `destination`. Wrong passwords are throttled by account and address (429 with `Retry-After`).
/// An app deletes its own rows of the account through its foreign keys (`ON DELETE CASCADE`
/// on `accounts(username)`) or in `onDelete`.
///
/// ```swift
/// Push(DeleteAccountScreen(accounts: accounts, destination: "/welcome"))
/// ```
public struct DeleteAccountScreen: ContentScreen {
    /// The form's one action.
    public enum Action: String, ScreenAction {
        /// Submitting the form.
        case delete
    }

    /// The deletion form: the password, to be sure it is the owner.
    public struct Confirmation: Form {
        /// The password.
        public var password = ""
        /// An empty form.
        public init() {}
        /// The one field.
        public static let fields: [Field<Confirmation>] = [
            .text("password", \.password, label: "Password", type: .password, autocomplete: "current-password",
                  .required("Enter your password to delete the account.")),
        ]
    }

    /// The heading and `<title>`.
    public let title: String
    /// The accounts the signed-in person's is in.
    public let accounts: Accounts
    /// Where the person goes after the deletion (a public page: they are signed out).
    public let destination: String
    /// Runs after the account is deleted, with its username: the app's own clean-up.
    public let onDelete: (@Sendable (String) async throws -> Void)?
    /// The class names of its parts.
    public let style: AccountScreenStyle

    /// A delete-account screen for `accounts`, going on to `destination`.
    public init(accounts: Accounts, title: String = "Delete account", destination: String = "/",
                onDelete: (@Sendable (String) async throws -> Void)? = nil, style: AccountScreenStyle = AccountScreenStyle()) {
        self.accounts = accounts
        self.title = title
        self.destination = destination
        self.onDelete = onDelete
        self.style = style
    }

    /// The heading, the warning and the form.
    @HTMLBuilder
    public func body(_ context: Void, router: Router<DeleteAccountScreen>) -> some HTML {
        h1 { title }
        p { "Deleting your account signs you out everywhere and cannot be undone." }
        router.form(.delete, Confirmation(), .class(style.form)) { fields in
            fields
            style.submit("Delete account", destructive: true)
        }
    }

    /// Deletes the account (``Accounts/deleteAccount(password:request:)``).
    public func perform(_ action: Action, form: FormData, router: Router<DeleteAccountScreen>) async throws -> ActionResult {
        let request = router.request
        let username = accounts.username(of: request)
        return try await router.validate(Confirmation.self, form) { confirmation in
            let outcome = await accounts.deleteAccount(password: confirmation.password, request: request)
            if outcome.succeeded, let username, let onDelete { try await onDelete(username) }
            return outcome.actionResult(onSuccess: destination)
        }
    }
}
