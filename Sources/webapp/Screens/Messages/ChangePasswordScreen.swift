import WebRouter
import WebRouterAccounts

extension ScoresApp {
    /// The change-password form (`/messages/~settings/change-password`): wrong current
    /// password, short or repeated new password and mismatched confirmation answer 422 with
    /// a message per field; success ends the account's sessions (other browsers, any copied
    /// cookie), gives this one a new id, and returns to Settings with a notice. Attempts are
    /// throttled by account and address (`Accounts.changePassword`): 429 with `Retry-After`.
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
                .text("new_password", \.new, label: "New password", hint: "At least \(DemoData.accountRules.minimumPasswordLength) characters.",
                      type: .password, autocomplete: "new-password", .required("Enter a new password."),
                      .minLength(DemoData.accountRules.minimumPasswordLength)),
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
            let request = router.request
            return try await router.validate(PasswordChange.self, form) { change in
                await data.accounts.changePassword(current: change.current, new: change.new, confirmation: change.confirmation,
                                                   request: request)
                    .actionResult(onSuccess: QueryURL.make(router.back ?? router.url, [Settings.passwordChanged]))
            }
        }
    }
}
