/// Why a request body could not be decoded as a form.
///
/// ```swift
/// do { let form = try request.form() } catch { return .text("\(error)", status: .badRequest) }
/// ```
public enum FormDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The body's `Content-Type` is neither urlencoded nor multipart form data.
    case unsupportedContentType(String)
    /// A `%` escape in an urlencoded body is malformed.
    case malformedEncoding
    /// A multipart `Content-Type` without a usable `boundary` parameter.
    case missingBoundary
    /// The multipart body does not follow the format; the text says where.
    case malformedMultipart(String)

    public var description: String {
        switch self {
        case .unsupportedContentType(let type): "unsupported form content type \(type)"
        case .malformedEncoding: "malformed percent-encoding in form body"
        case .missingBoundary: "multipart form without a boundary"
        case .malformedMultipart(let reason): "malformed multipart form: \(reason)"
        }
    }
}
