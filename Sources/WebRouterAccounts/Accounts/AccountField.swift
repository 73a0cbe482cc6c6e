/// A form field an ``AccountError`` points at; the raw value is the HTML form field's name.
/// An app adds its own (a display name) in an extension, so its errors share one type.
///
/// ```swift
/// extension AccountField { static let displayName = AccountField("display_name") }
/// AccountField.newPassword.rawValue   // "new_password"
/// ```
public struct AccountField: RawRepresentable, Sendable, Hashable {
    /// The form field's name.
    public let rawValue: String

    /// The field named `rawValue` in the form.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The field named `name` in the form.
    public init(_ name: String) { self.rawValue = name }

    /// The username.
    public static let username = AccountField("username")
    /// The password (sign-in, registration, deletion).
    public static let password = AccountField("password")
    /// The current password, when changing it.
    public static let currentPassword = AccountField("current_password")
    /// The new password, when changing or resetting it.
    public static let newPassword = AccountField("new_password")
    /// The new password typed again.
    public static let confirmation = AccountField("confirmation")
    /// Not one field: the account itself, or the whole form (shown above the fields).
    public static let form = AccountField("")
}
