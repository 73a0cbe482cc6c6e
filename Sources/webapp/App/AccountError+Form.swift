import WebRouter

extension AccountError {
    /// The messages as form errors: one per field, the account-level one as a general message.
    ///
    /// ```swift
    /// catch { return .invalid(error.formErrors) }
    /// ```
    var formErrors: FormErrors {
        var errors = FormErrors()
        for (field, message) in messages {
            if field == .form { errors.general.append(message) } else { errors[field.rawValue] = message }
        }
        return errors
    }
}
