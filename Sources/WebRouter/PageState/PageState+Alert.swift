import WebRouterHTML
extension PageState {
    /// An open alert or confirmation dialog (`<dialog role="alertdialog">`).
    /// ```swift
    /// PageState.Alert(kind: "confirmation-dialog", title: "Sign out?", message: nil,
    ///                 actions: [PageState.AlertAction(label: "Cancel", kind: .link, role: "cancel",
    ///                                                 href: "/messages", form: nil)],
    ///                 dismiss: "/messages")
    /// ```
    public struct Alert: Codable, Sendable, Equatable {
        /// `alert` for a centered alert, `confirmation-dialog` for a dialog of choices.
        public var kind: String
        /// The heading: the dialog's accessible name.
        public var title: String
        /// The explanatory text (`aria-describedby`), if any.
        public var message: String?
        /// The buttons, in order: links and submit buttons.
        public var actions: [AlertAction]
        /// The URL of the page without the alert (Escape goes there), if the alert has one.
        public var dismiss: String?

        /// An alert of the given parts.
        /// ```swift
        /// PageState.Alert(kind: "alert", title: "Saved", message: nil, actions: [], dismiss: "/feed")
        /// ```
        public init(kind: String, title: String, message: String?, actions: [AlertAction], dismiss: String?) {
            self.kind = kind
            self.title = title
            self.message = message
            self.actions = actions
            self.dismiss = dismiss
        }

        private enum CodingKeys: String, CodingKey { case kind, title, message, actions, dismiss }

        /// Writes every key, `null` for what is absent.
        /// ```swift
        /// try JSONEncoder().encode(alert)   // {"actions":[…],"dismiss":"/messages","kind":"alert",…}
        /// ```
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(title, forKey: .title)
            try container.encode(message, forKey: .message)
            try container.encode(actions, forKey: .actions)
            try container.encode(dismiss, forKey: .dismiss)
        }
    }

    /// A button of an alert: a link (`GET` its ``href``) or a submit button of one of the
    /// page's ``PageState/forms`` (post that form with the button's name and value).
    /// ```swift
    /// PageState.AlertAction(label: "Sign out", kind: .button, role: "destructive", href: nil, form: 2)
    /// ```
    public struct AlertAction: Codable, Sendable, Equatable {
        /// The button's accessible name.
        public var label: String
        /// Whether it is a link or a submit button.
        public var kind: Kind
        /// `default`, `cancel` or `destructive`.
        public var role: String
        /// A link's URL; `nil` for a button.
        public var href: String?
        /// A button's form: its index in ``PageState/forms``, where the button is listed with
        /// its name, value and `formaction`; `nil` for a link.
        public var form: Int?

        /// An action of the given parts.
        /// ```swift
        /// PageState.AlertAction(label: "Cancel", kind: .link, role: "cancel", href: "/messages", form: nil)
        /// ```
        public init(label: String, kind: Kind, role: String, href: String?, form: Int?) {
            self.label = label
            self.kind = kind
            self.role = role
            self.href = href
            self.form = form
        }

        /// A link or a submit button (`"link"` or `"button"` in JSON).
        /// ```swift
        /// alert.actions.filter { $0.kind == .button }   // the actions that post
        /// ```
        public enum Kind: String, Codable, Sendable, Equatable {
            /// `<a href>`: follow it with `GET`.
            case link
            /// A submit button: post its form.
            case button
        }

        private enum CodingKeys: String, CodingKey { case label, kind, role, href, form }

        /// Writes every key, `null` for what is absent.
        /// ```swift
        /// try JSONEncoder().encode(action)   // {"form":null,"href":"/messages","kind":"link",…}
        /// ```
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(label, forKey: .label)
            try container.encode(kind, forKey: .kind)
            try container.encode(role, forKey: .role)
            try container.encode(href, forKey: .href)
            try container.encode(form, forKey: .form)
        }
    }
}
