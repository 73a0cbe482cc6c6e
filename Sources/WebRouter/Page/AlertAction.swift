/// One button of an alert: a link, or a POST of a named action.
///
/// A post action renders as `<button type="submit" name="_action" value="ACTION">` inside a
/// `<form method="post" action="FORMACTION">` carrying the CSRF field and the hidden fields.
/// ```swift
/// AlertAction(label: "Delete", kind: .post(action: "delete", formAction: "/feed/match/12",
///                                           hiddenFields: [("id", "12")]), role: .destructive)
/// AlertAction(label: "Cancel", kind: .link(href: "/feed/match/12"), role: .cancel)
/// ```
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
        case `default`
        case cancel
        case destructive
    }

    public var label: String
    public var kind: Kind
    public var role: Role

    public init(label: String, kind: Kind, role: Role = .default) {
        self.label = label
        self.kind = kind
        self.role = role
    }
}
