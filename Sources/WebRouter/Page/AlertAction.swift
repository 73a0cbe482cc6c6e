import WebRouterHTML
import WebRouterHTTP
/// One button of an alert: a link, or a POST of a named action.
///
/// A post action renders as `<button type="submit" name="_action" value="ACTION">` inside a
/// `<form method="post" action="FORMACTION">` carrying the CSRF field and the hidden fields.
/// ```swift
/// AlertAction(label: "Delete", kind: .post(action: "delete", formAction: "/feed/match/12",
///                                           hiddenFields: [("id", "12")]), role: .destructive)
/// AlertAction(label: "Cancel", kind: .link(href: "/feed/match/12"), role: .cancel)
/// ```
/// A post button may carry a ``value``, so one action offers several choices ("Keep mine",
/// "Keep theirs", "Keep both"): the form then sends `_action` as a hidden field and the
/// button sends `_value`, which the action reads as ``FormData/alertValue``. In an alert with
/// a text field, all post buttons share one form, so valued buttons all run the first post
/// button's action.
public struct AlertAction: Sendable {
    /// What pressing the button does.
    public enum Kind: Sendable {
        /// Follow a link (GET).
        case link(href: String)
        /// POST the named `action` to the URL `formAction`, with extra hidden fields.
        case post(action: String, formAction: String, hiddenFields: [(String, String)])
    }

    /// How the button looks: default, cancel (the dismiss link) or destructive (red).
    public enum Role: Sendable, Equatable {
        /// A plain button.
        case `default`
        /// The button that closes the alert: a link to the page without it (`rel="dismiss"`).
        case cancel
        /// A button whose action deletes or discards something, shown in red.
        case destructive
    }

    /// The button's text.
    public var label: String
    /// What pressing it does.
    public var kind: Kind
    /// How it looks.
    public var role: Role
    /// The choice a post button sends as `_value` (``FormData/alertValue``); `nil` sends none.
    public var value: String?

    /// The form field a valued post button sends its ``value`` in.
    static let valueField = "_value"

    /// A button labelled `label` that does `kind`: plain and without value unless told otherwise.
    public init(label: String, kind: Kind, role: Role = .default, value: String? = nil) {
        self.label = label
        self.kind = kind
        self.role = role
        self.value = value
    }
}

extension FormData {
    /// The value of the alert button that sent the form (see ``AlertAction/value``).
    public var alertValue: String? { self[AlertAction.valueField] }
}
