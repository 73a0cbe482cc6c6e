import WebRouter

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
                .text("password", \.password, label: "Password", hint: "At least \(AccountStore.minimumPasswordLength) characters.",
                      type: .password, autocomplete: "new-password", .required("Enter a password."),
                      .minLength(AccountStore.minimumPasswordLength)),
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
            // Every registration from an address counts (each hashes a password and may add a
            // row): past a few, the form answers 429 with `Retry-After` before any work.
            let keys: [AttemptThrottle.Key] = [.client(router.request)]
            let now = router.request.now
            if let wait = data.registration.retryAfter(keys, now: now) {
                return .tooManyAttempts(retryAfter: wait, FormErrors(general: [DemoData.registrationMessage(retryAfter: wait)]))
            }
            return try await router.validate(NewAccount.self, form) { new in
                data.registration.recordFailure(keys, now: now)
                do {
                    let account = try await data.accounts.register(
                        username: new.username, displayName: new.displayName, password: new.password)
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
                } catch {
                    return .invalid(FormErrors(general: ["Registering failed."]))
                }
            }
        }
    }
}
