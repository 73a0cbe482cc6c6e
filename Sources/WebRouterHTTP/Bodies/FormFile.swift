/// A file uploaded in a `multipart/form-data` body, held in memory.
///
/// ```swift
/// if let avatar = try request.form().files(named: "avatar").first {
///     print(avatar.filename, avatar.contentType, avatar.bytes.count)
/// }
/// ```
public struct FormFile: Sendable, Equatable {
    /// The form field name.
    public var name: String
    /// The file name the client sent (may be empty).
    public var filename: String
    /// The part's `Content-Type`, `application/octet-stream` when absent.
    public var contentType: String
    /// The file's content.
    public var bytes: [UInt8]

    /// A file as a form part carries it (for tests and in-process calls).
    public init(name: String, filename: String, contentType: String, bytes: [UInt8]) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.bytes = bytes
    }
}
