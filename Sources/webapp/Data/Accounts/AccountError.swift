import GRDB

/// Why an account operation was refused, as one message per form field, so a form can show each
/// message next to its field (and answer 422). When the database itself failed (locked for
/// too long, read-only, a full disk), `isStorageFailure` is set and the one message is for the
/// whole form.
///
/// ```swift
/// do {
///     try await store.register(username: "Al", displayName: "", password: "x")
/// } catch {
///     error.messages[.username]      // "Use 3–20 characters: a–z, 0–9, _ . -"
///     error.messages[.displayName]   // "Enter a display name."
///     error.isStorageFailure         // false
/// }
/// ```
struct AccountError: Error, Sendable, Equatable {
    /// Message per field; never empty.
    let messages: [AccountField: String]
    /// The database could not do what was asked; trying again later may work.
    let isStorageFailure: Bool
    /// Too many passwords are being hashed at once (the hashing pool's queue is full): nothing
    /// was checked or saved; trying again in a few seconds will work.
    let isBusy: Bool

    /// An error with the given messages.
    init(_ messages: [AccountField: String]) {
        self.messages = messages
        self.isStorageFailure = false
        self.isBusy = false
    }

    /// The hashing pool refused the work: the server is busy checking other passwords.
    static let busy = AccountError(busyMessage: "The server is busy checking other passwords. Try again in a few seconds.")

    /// A stored password hash that cannot be read (either back-end).
    static let damagedPasswordHash = AccountError(
        [.form: "The stored password of this account is damaged; ask an administrator to reset it."])

    /// Seconds a busy visitor is told to wait.
    static let busyRetryAfter = 2

    private init(busyMessage: String) {
        self.messages = [.form: busyMessage]
        self.isStorageFailure = false
        self.isBusy = true
    }

    /// The database failed with `error` while `writing` (or reading): a message saying why in
    /// words a visitor understands, and that nothing was saved.
    init(storageFailure error: any Error, writing: Bool) {
        let cause: String
        switch (error as? DatabaseError)?.resultCode {
        case .SQLITE_BUSY?, .SQLITE_LOCKED?: cause = "The accounts database is busy."
        case .SQLITE_READONLY?: cause = "The accounts database is read-only at the moment."
        case .SQLITE_FULL?: cause = "The server's disk is full."
        default: cause = "The accounts database is not available."
        }
        let outcome = writing ? " Nothing was saved; please try again later." : " Please try again later."
        self.messages = [.form: cause + outcome]
        self.isStorageFailure = true
        self.isBusy = false
    }

    /// The message for `field`, if any.
    subscript(field: AccountField) -> String? { messages[field] }
}
