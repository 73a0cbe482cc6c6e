import WebRouter
import WebRouterAccounts

/// The first tab, public: anyone may read it. Signed out, it offers the sign-in (over this
/// page, coming back to it) and the registration (`/home/~register`).
struct Home: ContentScreen {
    let title = "Home"
    let tabIcon: String? = "🏠"
    let accounts: Accounts
    var register: Present<Home, Navigation<RegistrationScreen>>   // /home/~register

    func body(_ context: Void, router: Router<Home>) -> some HTML {
        h1 { "Welcome to Notes" }
        p { "A small WebRouter app: every page is a URL, and it works without JavaScript." }
        if let user = accounts.username(of: router.request) {
            p { "Signed in as \(user). Open the Notes tab to read and write your notes, or Tags to browse them by tag." }
        } else {
            p(.class("muted")) { "Your notes are your own: sign in to read and write them." }
            p {
                if let signIn = router.signInURL { a(.href(signIn), .class("button button-primary")) { "Sign in" } }
                " "
                a(.href(router.link(\.register)), .class("button")) { "Create an account" }
            }
        }
    }
}
