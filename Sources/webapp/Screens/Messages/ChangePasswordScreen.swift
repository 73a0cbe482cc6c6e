import WebRouter

extension ScoresApp {
    /// The change-password form (`/messages/~settings/change-password`): wrong current
    /// password, short or repeated new password and mismatched confirmation answer 422 with
    /// a message per field; success ends the account's other sessions (other browsers, any
    /// copied cookie) and returns to Settings with a notice.
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
            try await router.validate(PasswordChange.self, form) { change in
                do throws(AccountError) {
                    try await data.accounts.changePassword(
                        username: router.request.signedInUser ?? "", current: change.current,
                        new: change.new, confirmation: change.confirmation)
                } catch where error.isBusy {
                    return .tooManyAttempts(retryAfter: AccountError.busyRetryAfter, error.formErrors)
                } catch {
                    return .invalid(error.formErrors)
                }
                do {
                    try await data.accounts.endSessions(of: router.request.signedInUser ?? "", except: router.request.session.id)
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
