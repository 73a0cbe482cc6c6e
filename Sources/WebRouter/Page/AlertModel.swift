import WebRouterHTML
/// A transient alert or confirmation dialog drawn on top of everything as
/// `<dialog open role="alertdialog">`, with its actions as links and POST forms.
/// ```swift
/// AlertModel(title: "Sign out?", message: "You can sign in again any time.",
///            actions: [AlertAction(label: "Sign out",
///                                  kind: .post(action: "signOut", formAction: "/messages", hiddenFields: []),
///                                  role: .destructive),
///                      AlertAction(label: "Cancel", kind: .link(href: "/messages"), role: .cancel)],
///            dismissHref: "/messages")
/// ```
public struct AlertModel: Sendable {
    /// The dialog's heading.
    public var title: String
    /// The explanatory text under the heading, if any.
    public var message: String?
    /// A centered alert (the default) or a confirmation dialog.
    public var role: AlertRole
    /// The buttons, in order: links and POST forms.
    public var actions: [AlertAction]
    /// The URL of the page without this alert (Escape and the backdrop go there).
    public var dismissHref: String
    /// An optional text field; when present, the post actions share one form with it.
    public var textField: AlertTextField?

    /// An alert with the given heading, buttons and way out; a centered alert without message or text field unless told otherwise.
    public init(
        title: String,
        message: String? = nil,
        role: AlertRole = .alert,
        actions: [AlertAction],
        dismissHref: String,
        textField: AlertTextField? = nil
    ) {
        self.title = title
        self.message = message
        self.role = role
        self.actions = actions
        self.dismissHref = dismissHref
        self.textField = textField
    }
}

/// Whether an alert is a centered alert or an action-sheet-like confirmation dialog
/// (CSS class `alert-confirmation`).
/// ```swift
/// AlertModel(title: "Delete?", role: .confirmationDialog, actions: actions, dismissHref: "/")
/// ```
public enum AlertRole: Sendable, Equatable {
    /// A centered dialog, like `UIAlertController.Style.alert`.
    case alert
    /// A dialog of choices, on a phone at the bottom of the screen like an action sheet (`alert-confirmation`).
    case confirmationDialog
}

/// A text field inside an alert (e.g. "Rename team").
/// ```swift
/// AlertTextField(name: "name", label: "Team name", value: "Lions", placeholder: "Name")
/// ```
public struct AlertTextField: Sendable, Equatable {
    /// The form field name.
    public var name: String
    /// The visible label.
    public var label: String
    /// The prefilled value.
    public var value: String
    /// The hint shown while the field is empty, if any.
    public var placeholder: String?

    /// A text field named `name` with a label, empty and without placeholder unless told otherwise.
    public init(name: String, label: String, value: String = "", placeholder: String? = nil) {
        self.name = name
        self.label = label
        self.value = value
        self.placeholder = placeholder
    }
}
