import WebRouterHTML
extension Router {
    /// A form that posts one of this screen's actions to its URL, carrying the action's name
    /// and the CSRF token in hidden fields.
    /// ```swift
    /// router.form(.signIn, .class("form")) {
    ///     router.field("username", label: "Username", .autocomplete("username"))
    ///     button(.type("submit"), .class("button button-primary")) { "Sign in" }
    /// }
    /// ```
    public func form<Content: HTML>(
        _ action: From.Action, _ attributes: HTMLAttribute...,
        @HTMLBuilder content: () -> Content
    ) -> some HTML {
        let inner = content()
        return HTMLElement<HTMLTag.form, _>([.method(.post), .action(actionURL)] + attributes) {
            input(.type("hidden"), .name(ActionForm.actionField), .value(action.rawValue))
            input(.type("hidden"), .name(ActionForm.csrfField), .value(request.csrfToken))
            FormErrorSummary(messages: request.formErrors.general)
            inner
        }
    }

    /// The URL forms of this screen post to: its own URL, with the query of the request
    /// when this screen is the one shown on top.
    var actionURL: String {
        guard position == path.state.depth - 1, !path.presentsSignIn,
              let query = request.request.rawQuery, !query.isEmpty else { return url }
        return pathURL + "?" + query
    }

    /// A labelled input with its validation message, filled with the submitted value when
    /// the form is rendered again (never for passwords).
    public func field(
        _ name: String, label: String, type: String = "text", value: String? = nil,
        _ attributes: HTMLAttribute...
    ) -> FormField {
        let shown = type == "password" ? nil : (request.submitted(name) ?? value)
        return FormField(name: name, label: label, type: type, value: shown,
                         error: request.formErrors[name], attributes: attributes)
    }

    /// The validation messages of a form rendered again.
    public var errors: FormErrors { request.formErrors }
}

/// The hidden fields every action form carries.
package enum ActionForm {
    package static let actionField = "_action"
    package static let csrfField = "_csrf"
    /// Sent by the page's script when a field is left: validate the form, never run the action.
    package static let validateField = "_validate"
}
