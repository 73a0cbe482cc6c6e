import WebRouter

/// What the ready screens' forms share, written once: the new password typed twice (its two
/// fields and the rule that they match) and the submit button in the style's class.
/// ```swift
/// static let fields: [Field<NewPassword>] = [.hidden("token", \.token)]
///     + AccountFormParts.newPasswordTwice(\.new, \.confirmation)
/// ```
enum AccountFormParts {
    /// The new password and its confirmation: `new_password` and `confirmation`, both
    /// required, both `new-password` for the browser's password manager.
    static func newPasswordTwice<F: Form>(
        _ new: WritableKeyPath<F, String> & Sendable, _ confirmation: WritableKeyPath<F, String> & Sendable
    ) -> [Field<F>] {
        [
            .text("new_password", new, label: "New password", type: .password, autocomplete: "new-password",
                  .required("Enter a new password.")),
            .text("confirmation", confirmation, label: "New password again", type: .password, autocomplete: "new-password",
                  .required("Enter the new password again.")),
        ]
    }

    /// The confirmation matches the new password, or says so beside the confirmation.
    static func samePasswords<F: Form>(
        _ new: KeyPath<F, String> & Sendable, _ confirmation: WritableKeyPath<F, String> & Sendable,
        _ message: String = "The two new passwords do not match."
    ) -> FormRule<F> {
        FormRule(confirmation, message) { $0[keyPath: new] == $0[keyPath: confirmation] }
    }
}

extension AccountScreenStyle {
    /// The form's submit button, primary (or destructive) in this style.
    func submit(_ label: String, destructive: Bool = false) -> some HTML {
        button(.type("submit"), .class(destructive ? destructiveButton : primaryButton)) { label }
    }
}
