import WebRouter
import WebRouterAccounts

extension ScoresApp {
    /// Settings, in a sheet with its own stack (`/messages/~settings`): account info, change
    /// password, delete account, and Sign out, which asks first: a confirmation dialog in the URL
    /// (`/messages/~settings?confirm=sign-out`) whose destructive button posts the sign-out
    /// and whose Cancel returns to `/messages/~settings`.
    ///
    /// ```swift
    /// Settings(data: data, account: Push(AccountInfo(data: data)), changePassword: Push(ChangePassword(data: data)),
    ///          deleteAccount: Push(DeleteAccountScreen(accounts: data.accounts, destination: "/welcome"))).navigation()
    /// ```
    struct Settings: ContentScreen {
        enum Action: String, ScreenAction { case signOut = "sign-out" }
        enum Alert: String, ScreenAlert {
            case signOut = "sign-out"
            static let parameter = "confirm"
        }
        /// The query Change password adds on success, for the notice.
        static let passwordChanged = ("password", "changed")

        let title = "Settings"
        let data: DemoData
        var account: Push<Settings, AccountInfo>
        var changePassword: Push<Settings, ChangePassword>
        /// WebRouterAccounts' ready screen: the password, then the account and its profile
        /// (deleted after it, in its `onDelete`) are gone and the visitor is signed out.
        var deleteAccount: Push<Settings, DeleteAccountScreen>

        @HTMLBuilder
        func body(_ context: Void, router: Router<Settings>) -> some HTML {
            h1 { "Settings" }
            if router.request.query[Self.passwordChanged.0] == Self.passwordChanged.1 {
                p(.class("card"), .role("status")) { "✅ Your password was changed." }
            }
            ul(.class("list")) {
                li(.class("list-item")) { a(.href(router.link(\.account))) { "Account" } }
                li(.class("list-item")) { a(.href(router.link(\.changePassword))) { "Change password" } }
                li(.class("list-item")) { a(.href(router.link(\.deleteAccount))) { "Delete account" } }
            }
            p(.class("muted")) { "Signed in as " + (router.request.signedInUser ?? "nobody") }
            p { a(.href(router.link(alert: .signOut)), .class("button button-destructive"), .neverPrefetch) { "Sign out" } }
        }

        func alert(_ alert: Alert, router: Router<Settings>) -> AlertModel {
            switch alert {
            case .signOut:
                AlertModel(title: "Sign out?", message: "You can sign in again any time with your username and password.",
                           role: .confirmationDialog,
                           actions: [router.alertButton("Sign out", action: .signOut, role: .destructive), router.cancelButton()],
                           dismissHref: router.url)
            }
        }

        /// Signing out ends the session in the database first, so a copy of the cookie is
        /// signed out too; when the database cannot, the visitor is told and stays signed in.
        func perform(_ action: Action, form: FormData, router: Router<Settings>) async throws -> ActionResult {
            try await data.accounts.signOut(request: router.request)
            return .move(to: "/welcome")
        }
    }
}
