import WebRouter
import WebRouterAccounts

extension ScoresApp {
    /// The sign-in form (`/welcome/~login`): on success the session holds the username and
    /// a session id from the accounts database, and the visitor goes on to the page they
    /// wanted (`next`), else to the feed, through `Accounts.signIn` (WebRouterAccounts). Wrong
    /// passwords are throttled by account (its normalised name) and by client address: past a
    /// few, the form answers 429 with `Retry-After` and says how long to wait, without hashing.
    ///
    /// ```swift
    /// Present(Navigation(Login(data: data)))
    /// ```
    struct Login: ContentScreen {
        enum Action: String, ScreenAction { case signIn = "sign-in" }

        /// The sign-in form: both fields required.
        struct Credentials: Form {
            var username = ""
            var password = ""
            static let fields: [Field<Credentials>] = [
                .text("username", \.username, label: "Username", autocomplete: "username", .required("Enter your username.")),
                .text("password", \.password, label: "Password", type: .password, autocomplete: "current-password",
                      .required("Enter your password.")),
            ]
        }

        let title = "Sign in"
        let data: DemoData

        @HTMLBuilder
        func body(_ context: Void, router: Router<Login>) -> some HTML {
            h1 { "Sign in" }
            p(.class("muted")) { "Try the demo account: demo / demo" }
            router.form(.signIn, Credentials(), .class("form")) { fields in
                fields.autofocus(\.username)
                button(.type("submit"), .class("button button-primary")) { "Sign in" }
            }
            if let registration = router.root().case(Welcome.self)?.move(\.registration).url {
                p { "New here? "; a(.href(registration)) { "Create an account" } }
            }
        }

        func perform(_ action: Action, form: FormData, router: Router<Login>) async throws -> ActionResult {
            let request = router.request
            // The throttle comes first: a locked account or address is not even validated. The
            // name is normalised before the lock is looked up (issue 42: `"demo "` was not `demo`).
            if let wait = data.accounts.throttles.signIn.retryAfter(
                [.account(form["username"] ?? ""), .client(request)], now: request.now) {
                return .tooManyAttempts(retryAfter: wait, FormErrors(general: [AttemptThrottle.message(retryAfter: wait)]))
            }
            return try await router.validate(Credentials.self, form) { credentials in
                await data.accounts.signIn(username: credentials.username, password: credentials.password, request: request)
                    .actionResult(onSuccess: request.nextURL ?? "/feed")
            }
        }
    }
}
