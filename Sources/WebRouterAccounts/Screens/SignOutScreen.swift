public import WebRouter

/// The ready sign-out screen: one button that ends the session in the store (so a copy of the
/// cookie is signed out too) and clears it, then goes on to `destination`. A store that cannot
/// is a `503` page saying so. Signing out is a `POST`, never a link a prefetch could follow.
///
/// ```swift
/// Push(SignOutScreen(accounts: accounts, destination: "/welcome"))
/// ```
public struct SignOutScreen: ContentScreen {
    /// The form's one action.
    public enum Action: String, ScreenAction {
        /// Submitting the form.
        case signOut = "sign-out"
    }

    /// The heading and `<title>`.
    public let title: String
    /// The accounts whose session it ends.
    public let accounts: Accounts
    /// Where the visitor goes after signing out.
    public let destination: String
    /// The class names of its parts.
    public let style: AccountScreenStyle

    /// A sign-out screen for `accounts`, going on to `destination`.
    public init(accounts: Accounts, title: String = "Sign out", destination: String = "/",
                style: AccountScreenStyle = AccountScreenStyle()) {
        self.accounts = accounts
        self.title = title
        self.destination = destination
        self.style = style
    }

    /// The heading and the button.
    @HTMLBuilder
    public func body(_ context: Void, router: Router<SignOutScreen>) -> some HTML {
        h1 { title }
        if let user = accounts.username(of: router.request) {
            p(.class(style.note)) { "Signed in as \(user)." }
        }
        router.form(.signOut, .class(style.form)) {
            style.submit("Sign out")
        }
    }

    /// Signs out (``Accounts/signOut(request:)``).
    public func perform(_ action: Action, form: FormData, router: Router<SignOutScreen>) async throws -> ActionResult {
        try await accounts.signOut(request: router.request)
        return .move(to: destination)
    }
}
