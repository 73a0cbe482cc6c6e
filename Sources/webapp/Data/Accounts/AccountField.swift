/// A form field an `AccountError` can point at. The raw value is the HTML form field name.
///
/// ```swift
/// error.messages[.username]   // "This username is taken."
/// AccountField.newPassword.rawValue   // "new_password"
/// ```
enum AccountField: String, Sendable, Hashable, CaseIterable {
    case username
    case displayName = "display_name"
    case password
    case currentPassword = "current_password"
    case newPassword = "new_password"
    case confirmation
    case favouriteTeam = "favourite_team"
    case bio
    /// Not one field: the account itself (e.g. it does not exist).
    case form
}
