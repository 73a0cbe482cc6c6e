/// Why a contact sheet could not be made: Chromium missing or failing, a folder that cannot
/// be written, the app's server not starting. Its description is a sentence to print.
///
/// ```swift
/// do { try await app.contactSheet(to: "sheet") } catch let error as ContactSheetError { print(error) }
/// ```
public struct ContactSheetError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, in a sentence.
    public var description: String

    /// An error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
