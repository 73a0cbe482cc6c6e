import WebRouter

extension ScoresApp {
    /// The sign-up form (`/welcome/~registration`): creates an account in the database and signs in.
    ///
    /// ```swift
    /// Present(Navigation(Registration(data: data)))
    /// ```
    struct Registration: ContentScreen {
        enum Action: String, ScreenAction { case register }

        let title = "Create an account"
        let data: DemoData

        @HTMLBuilder
        func body(_ context: Void, router: Router<Registration>) -> some HTML {
            h1 { "Create an account" }
            router.form(.register, .class("form")) {
                router.field("username", label: "Username", .autocomplete("username"), .required)
                router.field("display_name", label: "Display name", .autocomplete("name"), .required)
                router.field("password", label: "Password", type: "password", .autocomplete("new-password"), .required)
                p(.class("muted")) { "3–20 characters for the username (a–z, 0–9, _ . -), at least \(AccountStore.minimumPasswordLength) for the password." }
                button(.type("submit"), .class("button button-primary")) { "Create account" }
            }
        }

        func perform(_ action: Action, form: FormData, router: Router<Registration>) async throws -> ActionResult {
            do {
                let account = try await data.accounts.register(
                    username: form["username"] ?? "", displayName: form["display_name"] ?? "", password: form["password"] ?? "")
                let session = try await data.accounts.startSession(username: account.username)
                router.request.updateSession {
                    $0[RequestContext.userKey] = account.username
                    $0.id = session
                }
                return .move(to: router.request.nextURL ?? "/feed")
            } catch let error as AccountError where error.isBusy {
                return .tooManyAttempts(retryAfter: AccountError.busyRetryAfter, error.formErrors)
            } catch let error as AccountError {
                return .invalid(error.formErrors)
            }
        }
    }
}
