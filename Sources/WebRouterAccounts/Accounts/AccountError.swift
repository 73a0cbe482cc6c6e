public import WebRouter
#if SQLite
import GRDB
#endif

/// Why an account operation was refused, as one message per form field, so a form can show
/// each next to its field (and answer 422). When the database itself failed (locked for too
/// long, read-only, a full disk), ``isStorageFailure`` is set and the one message is for the
/// whole form; when the hashing pool was full, ``isBusy`` is.
///
/// ```swift
/// do {
///     try await store.register(username: "Al", password: "x")
/// } catch {
///     error.messages[.username]   // "Use 3–20 characters: a–z, 0–9, _ . -"
///     error.formErrors            // the same, for `ActionResult.invalid`
/// }
/// ```
public struct AccountError: Error, Sendable, Equatable {
    /// Message per field; never empty.
    public let messages: [AccountField: String]
    /// The database could not do what was asked; trying again later may work.
    public let isStorageFailure: Bool
    /// Too many passwords are being hashed at once (the hashing pool's queue is full): nothing
    /// was checked or saved; trying again in a few seconds will work.
    public let isBusy: Bool

    /// An error with the given messages.
    public init(_ messages: [AccountField: String]) {
        self.messages = messages
        self.isStorageFailure = false
        self.isBusy = false
    }

    /// The hashing pool refused the work: the server is busy checking other passwords.
    public static let busy = AccountError(
        messages: [.form: "The server is busy checking other passwords. Try again in a few seconds."],
        isStorageFailure: false, isBusy: true)

    /// A stored password hash that cannot be read.
    public static let damagedPasswordHash = AccountError(
        [.form: "The stored password of this account is damaged; ask an administrator to reset it."])

    /// Seconds a busy visitor is told to wait.
    public static let busyRetryAfter = 2

    private init(messages: [AccountField: String], isStorageFailure: Bool, isBusy: Bool) {
        self.messages = messages
        self.isStorageFailure = isStorageFailure
        self.isBusy = isBusy
    }

    /// The database failed with `error` while `writing` (or reading): a message saying why in
    /// words a visitor understands, and that nothing was saved.
    public init(storageFailure error: any Error, writing: Bool) {
        var cause = "The accounts database is not available."
        #if SQLite
        switch (error as? DatabaseError)?.resultCode {
        case .SQLITE_BUSY?, .SQLITE_LOCKED?: cause = "The accounts database is busy."
        case .SQLITE_READONLY?: cause = "The accounts database is read-only at the moment."
        case .SQLITE_FULL?: cause = "The server's disk is full."
        default: break
        }
        #endif
        let outcome = writing ? " Nothing was saved; please try again later." : " Please try again later."
        self.init(messages: [.form: cause + outcome], isStorageFailure: true, isBusy: false)
    }

    /// The message for `field`, if any.
    public subscript(field: AccountField) -> String? { messages[field] }

    /// The messages as form errors: one per field, the account-level one as a general message.
    ///
    /// ```swift
    /// catch { return .invalid(error.formErrors) }
    /// ```
    public var formErrors: FormErrors {
        var errors = FormErrors()
        for field in messages.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            let message = messages[field] ?? ""
            if field == .form { errors.general.append(message) } else { errors[field.rawValue] = message }
        }
        return errors
    }
}
