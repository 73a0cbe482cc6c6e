import WebRouter
import WebRouterAccounts

/// The last tab (signed in only): who is signed in, and the framework's ready screens to
/// change the password (`/account/change-password`) and to sign out (`/account/sign-out`).
struct AccountTab: ContentScreen {
    let title = "Account"
    let tabIcon: String? = "👤"
    let accounts: Accounts
    var changePassword: Push<AccountTab, ChangePasswordScreen>
    var signOut: Push<AccountTab, SignOutScreen>

    func body(_ context: Void, router: Router<AccountTab>) -> some HTML {
        h1 { "Account" }
        if let user = accounts.username(of: router.request) { p { "Signed in as \(user)." } }
        ul(.class("list")) {
            li(.class("list-item")) { a(.href(router.link(\.changePassword))) { "Change password" } }
            li(.class("list-item")) { a(.href(router.link(\.signOut))) { "Sign out" } }
        }
    }
}
