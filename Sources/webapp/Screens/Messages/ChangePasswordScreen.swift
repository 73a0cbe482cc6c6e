import WebRouter

extension ScoresApp {
    /// The change-password form (`/messages/~settings/change-password`): wrong current
    /// password, short or repeated new password and mismatched confirmation answer 422 with
    /// a message per field; success ends the account's sessions (other browsers, any copied
    /// cookie), gives this one a new id, and returns to Settings with a notice. Attempts are
    /// throttled by account and address (`DemoData.passwordChange`): 429 with `Retry-After`.
    ///
    /// ```swift
    /// Push(ChangePassword(data: data))
    /// ```
    struct ChangePassword: ContentScreen {
        enum Action: String, ScreenAction { case change }

        /// The change-password form: the new password twice, the same both times.
        struct PasswordChange: Form {
            var current = ""
            var new = ""
            var confirmation = ""
            static let fields: [Field<PasswordChange>] = [
                .text("current_password", \.current, label: "Current password", type: .password, autocomplete: "current-password",
                      .required("Enter your current password.")),
                .text("new_password", \.new, label: "New password", hint: "At least \(AccountStore.minimumPasswordLength) characters.",
                      type: .password, autocomplete: "new-password", .required("Enter a new password."),
                      .minLength(AccountStore.minimumPasswordLength)),
                .text("confirmation", \.confirmation, label: "New password again", type: .password, autocomplete: "new-password",
                      .required("Enter the new password again.")),
            ]
            static let rules: [FormRule<PasswordChange>] = [
                FormRule(\.confirmation, "The two new passwords do not match.") { $0.new == $0.confirmation },
            ]
        }

        let title = "Change password"
        let data: DemoData

        @HTMLBuilder
        func body(_ context: Void, router: Router<ChangePassword>) -> some HTML {
            h1 { "Change password" }
            router.form(.change, PasswordChange(), .class("form")) { fields in
                fields
                button(.type("submit"), .class("button button-primary")) { "Change password" }
            }
        }

        func perform(_ action: Action, form: FormData, router: Router<ChangePassword>) async throws -> ActionResult {
            let username = router.request.signedInUser ?? ""
            let now = router.request.now
            // Each attempt hashes the current password: throttled by account and by address,
            // like sign-in, and checked before any work.
            let keys: [AttemptThrottle.Key] = [.account(username), .client(router.request)]
            if let wait = data.passwordChange.retryAfter(keys, now: now) {
                return .tooManyAttempts(retryAfter: wait, FormErrors(general: [AttemptThrottle.message(retryAfter: wait)]))
            }
            return try await router.validate(PasswordChange.self, form) { change in
                do throws(AccountError) {
                    try await data.accounts.changePassword(
                        username: username, current: change.current, new: change.new, confirmation: change.confirmation)
                } catch where error.isBusy {
                    return .tooManyAttempts(retryAfter: AccountError.busyRetryAfter, error.formErrors)
                } catch {
                    if !error.isStorageFailure { data.passwordChange.recordFailure(keys, now: now) }
                    return .invalid(error.formErrors)
                }
                data.passwordChange.recordSuccess([.account(username)])
                // Every session of the account ends, this one too: it goes on under a new id,
                // so a copy of this browser's cookie taken before the change is signed out.
                do {
                    let renewed = try await data.accounts.startSession(username: username)
                    try await data.accounts.endSessions(of: username, except: renewed)
                    router.request.updateSession { $0.id = renewed }
                    router.request.sessionsEnded()
                } catch {
                    return .invalid(FormErrors(general: [
                        "Your password was changed, but your other sessions could not be signed out: the accounts database is not available. Change it again later to sign them out.",
                    ]))
                }
                return .move(to: QueryURL.make(router.back ?? router.url, [Settings.passwordChanged]))
            }
        }
    }
}
