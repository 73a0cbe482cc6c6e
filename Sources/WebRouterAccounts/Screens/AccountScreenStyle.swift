/// The class names the ready account screens put on their parts, so an app's stylesheet themes
/// them like its own screens. The defaults are the framework chrome's (`form`, `button
/// button-primary`, …), which already look right in the app's chrome.
///
/// ```swift
/// var style = AccountScreenStyle()
/// style.primaryButton = "btn btn-accent"
/// SignInScreen(accounts: accounts, style: style)
/// ```
public struct AccountScreenStyle: Sendable {
    /// The `<form>`'s class.
    public var form: String
    /// The submit button's class.
    public var primaryButton: String
    /// The submit button's class where the action cannot be undone (deleting the account).
    public var destructiveButton: String
    /// The class of explanatory text under the heading.
    public var note: String
    /// The class of a success notice (`role="status"`).
    public var notice: String

    /// The framework chrome's classes.
    public init(form: String = "form", primaryButton: String = "button button-primary",
                destructiveButton: String = "button button-destructive", note: String = "muted", notice: String = "card") {
        self.form = form
        self.primaryButton = primaryButton
        self.destructiveButton = destructiveButton
        self.note = note
        self.notice = notice
    }
}
