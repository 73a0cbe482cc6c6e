import WebRouterHTML
/// Validation messages for a form that is rendered again (`422 Unprocessable Content`),
/// per field and for the form as a whole.
///
/// ```swift
/// var errors = FormErrors()
/// if username.isEmpty { errors["username"] = "Enter your username." }
/// if !errors.isEmpty { return .invalid(errors) }
/// ```
public struct FormErrors: Sendable, Equatable {
    /// Messages by field name.
    public var fields: [String: String]
    /// Messages about the form as a whole ("Wrong username or password.").
    public var general: [String]

    /// Errors of the given fields and of the form as a whole; none by default.
    public init(fields: [String: String] = [:], general: [String] = []) {
        self.fields = fields
        self.general = general
    }

    /// The message for one field.
    public subscript(field: String) -> String? {
        get { fields[field] }
        set { fields[field] = newValue }
    }

    /// Whether there is no message at all: the form is valid.
    public var isEmpty: Bool { fields.isEmpty && general.isEmpty }

    /// Every message, general ones first, for an error summary.
    public var allMessages: [String] { general + fields.keys.sorted().compactMap { fields[$0] } }
}
