/// Why an account operation was refused, as one message per form field, so a form can show each
/// message next to its field (and answer 422).
///
/// ```swift
/// do {
///     try await store.register(username: "Al", displayName: "", password: "x")
/// } catch {
///     error.messages[.username]      // "Use 3–20 characters: a–z, 0–9, _ . -"
///     error.messages[.displayName]   // "Enter a display name."
/// }
/// ```
struct AccountError: Error, Sendable, Equatable {
    /// Message per field; never empty.
    let messages: [AccountField: String]

    /// An error with the given messages.
    init(_ messages: [AccountField: String]) {
        self.messages = messages
    }

    /// The message for `field`, if any.
    subscript(field: AccountField) -> String? { messages[field] }
}
