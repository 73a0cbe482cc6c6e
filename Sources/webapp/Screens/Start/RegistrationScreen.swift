import WebRouter
import WebRouterAccounts

extension ScoresApp {
    /// The sign-up form (`/welcome/~registration`): creates an account in the database and signs in.
    ///
    /// ```swift
    /// Present(Navigation(Registration(data: data)))
    /// ```
    struct Registration: ContentScreen {
        enum Action: String, ScreenAction { case register }

        /// The sign-up form: the store's rules for usernames, display names and passwords.
        struct NewAccount: Form {
            var username = ""
            var displayName = ""
            var password = ""
            static let usernameRule = "Use 3–20 characters: a–z, 0–9, _ . -"
            // Upper case is allowed and folded: the store keeps usernames in lower case.
            static let fields: [Field<NewAccount>] = [
                .text("username", \.username, label: "Username", hint: "3–20 characters: a–z, 0–9, _ . -", autocomplete: "username",
                      .required("Enter a username."), .length(3...20, usernameRule), .pattern("[A-Za-z0-9_.\\-]+", usernameRule)),
                .text("display_name", \.displayName, label: "Display name", autocomplete: "name", .required("Enter a display name."),
                      .maxLength(40, "Keep the display name to 40 characters."), .noControlCharacters),
                .text("password", \.password, label: "Password", hint: "At least \(DemoData.accountRules.minimumPasswordLength) characters.",
                      type: .password, autocomplete: "new-password", .required("Enter a password."),
                      .minLength(DemoData.accountRules.minimumPasswordLength)),
            ]
        }

        let title = "Create an account"
        let data: DemoData

        @HTMLBuilder
        func body(_ context: Void, router: Router<Registration>) -> some HTML {
            h1 { "Create an account" }
            router.form(.register, NewAccount(), .class("form")) { fields in
                fields
                button(.type("submit"), .class("button button-primary")) { "Create account" }
            }
        }

        func perform(_ action: Action, form: FormData, router: Router<Registration>) async throws -> ActionResult {
            let request = router.request
            // Every registration from an address counts (each hashes a password and may add a
            // row): past a few, the form answers 429 with `Retry-After` before any work.
            if let wait = data.accounts.throttles.registration.retryAfter([.client(request)], now: request.now) {
                return .tooManyAttempts(retryAfter: wait, FormErrors(general: [AccountThrottles.registrationMessage(retryAfter: wait)]))
            }
            return try await router.validate(NewAccount.self, form) { new in
                let outcome = await data.accounts.register(username: new.username, password: new.password, request: request)
                if case .succeeded(let account?) = outcome {
                    do {
                        try await data.profiles.create(username: account.username, displayName: new.displayName)
                    } catch {
                        // The account exists and is signed in; the profile is made on the next edit.
                        request.logger.error("the profile of \(account.username) was not saved: \(error)")
                    }
                }
                return outcome.actionResult(onSuccess: request.nextURL ?? "/feed")
            }
        }
    }
}
