import WebRouter

extension ScoresApp {
    /// The sign-in form (`/welcome/~login`): on success the session holds the username and
    /// the visitor goes on to the page they wanted (`next`), else to the feed.
    ///
    /// ```swift
    /// Present(Navigation(Login(data: data)))
    /// ```
    struct Login: ContentScreen {
        enum Action: String, ScreenAction { case signIn = "sign-in" }

        let title = "Sign in"
        let data: DemoData

        @HTMLBuilder
        func body(_ context: Void, router: Router<Login>) -> some HTML {
            h1 { "Sign in" }
            p(.class("muted")) { "Try the demo account: demo / demo" }
            router.form(.signIn, .class("form")) {
                router.field("username", label: "Username", .autocomplete("username"), .required, .autofocus)
                router.field("password", label: "Password", type: "password", .autocomplete("current-password"), .required)
                button(.type("submit"), .class("button button-primary")) { "Sign in" }
            }
            if let registration = router.root().case(Welcome.self)?.move(\.registration).url {
                p { "New here? "; a(.href(registration)) { "Create an account" } }
            }
        }

        func perform(_ action: Action, form: FormData, router: Router<Login>) async throws -> ActionResult {
            let username = form["username"] ?? ""
            let account: Account?
            do {
                account = try await data.accounts.authenticate(username: username, password: form["password"] ?? "")
            } catch {
                return .invalid(error.formErrors)   // the database is busy, read-only, …: the form says so
            }
            guard let account else {
                return .invalid(FormErrors(general: ["Wrong username or password."]))
            }
            router.request.updateSession { $0[RequestContext.userKey] = account.username }
            return .move(to: router.request.nextURL ?? "/feed")
        }
    }
}
