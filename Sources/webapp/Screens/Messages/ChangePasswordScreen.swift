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

        let title = "Change password"
        let data: DemoData

        @HTMLBuilder
        func body(_ context: Void, router: Router<ChangePassword>) -> some HTML {
            h1 { "Change password" }
            router.form(.change, .class("form")) {
                router.field("current_password", label: "Current password", type: "password", .autocomplete("current-password"), .required)
                router.field("new_password", label: "New password", type: "password", .autocomplete("new-password"), .required)
                router.field("confirmation", label: "New password again", type: "password", .autocomplete("new-password"), .required)
                button(.type("submit"), .class("button button-primary")) { "Change password" }
            }
        }

        func perform(_ action: Action, form: FormData, router: Router<ChangePassword>) async throws -> ActionResult {
            do {
                try await data.accounts.changePassword(
                    username: router.request.signedInUser ?? "", current: form["current_password"] ?? "",
                    new: form["new_password"] ?? "", confirmation: form["confirmation"] ?? "")
            } catch where error.isBusy {
                return .tooManyAttempts(retryAfter: AccountError.busyRetryAfter, error.formErrors)
            } catch {
                return .invalid(error.formErrors)
            }
            do {
                try await data.accounts.endSessions(of: router.request.signedInUser ?? "", except: router.request.session.id)
            } catch {
                return .invalid(FormErrors(general: [
                    "Your password was changed, but your other sessions could not be signed out: the accounts database is not available. Change it again later to sign them out.",
                ]))
            }
            return .move(to: QueryURL.make(router.back ?? router.url, [Settings.passwordChanged]))
        }
    }
}
