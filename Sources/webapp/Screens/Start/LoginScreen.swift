import WebRouter

extension ScoresApp {
    /// The sign-in form (`/welcome/~login`): on success the session holds the username and
    /// a session id from the accounts database, and the visitor goes on to the page they
    /// wanted (`next`), else to the feed. Wrong passwords are throttled (`DemoData.signIn`,
    /// by account and by client address): past a few, the form answers 429 with
    /// `Retry-After` and says how long to wait, without hashing anything.
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
            let now = router.request.now
            // The name is normalised once, before the lock, the count and the lookup, so
            // `"demo "` or `"Demo"` is `demo` everywhere (issue 42: the padded name slipped
            // past the lock of the exact one).
            let username = AccountStore.normalizedUsername(form["username"] ?? "")
            let keys: [AttemptThrottle.Key] = [.account(username), .client(router.request)]
            // The throttle comes first: a locked account or address is not even validated.
            if let wait = data.signIn.retryAfter(keys, now: now) {
                return .tooManyAttempts(retryAfter: wait, FormErrors(general: [AttemptThrottle.message(retryAfter: wait)]))
            }
            return try await router.validate(Credentials.self, form) { credentials in
                let account: Account?
                do throws(AccountError) {
                    account = try await data.accounts.authenticate(username: username, password: credentials.password)
                } catch where error.isBusy {
                    return .tooManyAttempts(retryAfter: AccountError.busyRetryAfter, error.formErrors)
                } catch {
                    return .invalid(error.formErrors)   // the database is busy, read-only, …: the form says so
                }
                guard let account else {
                    data.signIn.recordFailure(keys, now: now)
                    return .invalid(FormErrors(general: ["Wrong username or password."]))
                }
                let session: String
                do {
                    session = try await data.accounts.startSession(username: account.username)
                } catch {
                    return .invalid(FormErrors(general: [(error as? AccountError)?.messages[.form] ?? "Signing in failed."]))
                }
                // The account's count starts over; the address's stays, so one address cannot
                // take turns between its own account and guesses at others.
                data.signIn.recordSuccess([.account(username)])
                router.request.updateSession {
                    $0[RequestContext.userKey] = account.username
                    $0.id = session
                }
                return .move(to: router.request.nextURL ?? "/feed")
            }
        }
    }
}
