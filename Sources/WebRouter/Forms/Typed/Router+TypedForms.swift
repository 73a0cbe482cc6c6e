import WebRouterHTML

extension Router {
    /// A typed form posting `action`: the fields of `value` (the values a new form shows),
    /// or, when the page answers a failed submission of this action (`422`), what the person
    /// sent with a message under each field at fault. `content` lays out the fields and the
    /// buttons. The form is `multipart/form-data` when it has a file field.
    /// ```swift
    /// router.form(.signIn, SignIn(), .class("form")) { fields in
    ///     fields
    ///     button(.type("submit"), .class("button button-primary")) { "Sign in" }
    /// }
    /// ```
    public func form<F: Form, Content: HTML>(
        _ action: From.Action, _ value: F, _ attributes: HTMLAttribute...,
        @HTMLBuilder content: (FormFields<F>) -> Content
    ) -> some HTML {
        let answering = request.submittedForm.flatMap { $0[ActionForm.actionField] == action.rawValue ? $0 : nil }
        var errors = request.formErrors
        if answering != nil, let upload = request.request.oversizedUpload, upload.fields.contains(where: \.isFile) {
            // An upload past the server's limit: the form's own message, with the lower limit.
            errors = F.tooLarge(limit: min(F.maxBodySize, upload.limit), errors: errors)
        }
        let fields = answering.map { [errors, request] in FormFields<F>(submitted: $0, errors: errors, request: request) }
            ?? FormFields(showing: value, request: request)
        let general = answering == nil ? [] : errors.general
        var formAttributes: [HTMLAttribute] = [.method(.post), .action(actionURL)]
        if F.fields.contains(where: { $0.control == .file }) { formAttributes.append(.enctype("multipart/form-data")) }
        formAttributes.append(.data("validate", "fields"))
        let inner = content(fields)
        return HTMLElement<HTMLTag.form, _>(formAttributes + attributes) {
            input(.type("hidden"), .name(ActionForm.actionField), .value(action.rawValue))
            input(.type("hidden"), .name(ActionForm.csrfField), .value(request.csrfToken))
            FormErrorSummary(messages: general)
            inner
        }
    }

    /// Runs `action` with the submitted form decoded into `F` when every rule holds; else
    /// answers `422` with the form and its messages, and `action` never runs. A submission
    /// larger than `F.maxBodySize` is an error on the form's file field. So is one larger than
    /// the server's `ServerConfiguration.maxBodySize` (up to its `maxOversizedFormSize`): the
    /// server keeps the rest of the form and drops the upload, and the page answers `422`
    /// with the form as typed before any action runs.
    /// ```swift
    /// func perform(_ action: Action, form: FormData, router: Router<Login>) async throws -> ActionResult {
    ///     try await router.validate(SignIn.self, form) { signIn in
    ///         guard let user = await accounts.authenticate(signIn.username, signIn.password) else {
    ///             return .invalid(FormErrors(general: ["Wrong username or password."]))
    ///         }
    ///         router.request.updateSession { $0["user"] = user.username }
    ///         return .move(to: "/feed")
    ///     }
    /// }
    /// ```
    public func validate<F: Form>(
        _ type: F.Type, _ form: FormData, action: (F) async throws -> ActionResult
    ) async throws -> ActionResult {
        let validatesOnly = form[ActionForm.validateField] != nil
        switch F.validate(form, bodySize: request.request.body.count, request: request) {
        case .success(let value):
            if validatesOnly { throw ValidationOnly(errors: FormErrors()) }
            return try await action(value)
        case .failure(let errors):
            if validatesOnly { throw ValidationOnly(errors: errors) }
            return .invalid(errors)
        }
    }
}

/// Thrown by ``Router/validate(_:_:action:)`` when the request only asks for the form's
/// messages (validation while typing): the action never runs.
struct ValidationOnly: Error {
    let errors: FormErrors
}
