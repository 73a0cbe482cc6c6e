/// An HTTP response status: a numeric code and its reason phrase.
///
/// ```swift
/// var response = HTTPResponse(status: .notFound)
/// response.status = HTTPStatus(code: 418, reason: "I'm a teapot")
/// ```
public struct HTTPStatus: Hashable, Sendable, CustomStringConvertible {
    /// The three-digit status code, for example `404`.
    public var code: Int
    /// The reason phrase, for example `"Not Found"`.
    public var reason: String

    public init(code: Int, reason: String) {
        self.code = code
        self.reason = reason
    }

    /// A status with its standard reason phrase (or "Status <code>" for an unknown code).
    public init(code: Int) {
        self = Self.known.first { $0.code == code } ?? HTTPStatus(code: code, reason: "Status \(code)")
    }

    public var description: String { "\(code) \(reason)" }

    static let known: [HTTPStatus] = [.ok, .created, .noContent, .movedPermanently, .found, .seeOther, .notModified, .temporaryRedirect, .permanentRedirect, .badRequest, .unauthorized, .forbidden, .notFound, .methodNotAllowed, .requestTimeout, .preconditionFailed, .payloadTooLarge, .uriTooLong, .unsupportedMediaType, .unprocessableContent, .tooManyRequests, .requestHeaderFieldsTooLarge, .internalServerError, .notImplemented, .serviceUnavailable]

    public static let ok = HTTPStatus(code: 200, reason: "OK")
    public static let created = HTTPStatus(code: 201, reason: "Created")
    public static let noContent = HTTPStatus(code: 204, reason: "No Content")
    public static let movedPermanently = HTTPStatus(code: 301, reason: "Moved Permanently")
    public static let found = HTTPStatus(code: 302, reason: "Found")
    public static let seeOther = HTTPStatus(code: 303, reason: "See Other")
    public static let notModified = HTTPStatus(code: 304, reason: "Not Modified")
    public static let temporaryRedirect = HTTPStatus(code: 307, reason: "Temporary Redirect")
    public static let permanentRedirect = HTTPStatus(code: 308, reason: "Permanent Redirect")
    public static let badRequest = HTTPStatus(code: 400, reason: "Bad Request")
    public static let unauthorized = HTTPStatus(code: 401, reason: "Unauthorized")
    public static let forbidden = HTTPStatus(code: 403, reason: "Forbidden")
    public static let notFound = HTTPStatus(code: 404, reason: "Not Found")
    public static let methodNotAllowed = HTTPStatus(code: 405, reason: "Method Not Allowed")
    public static let requestTimeout = HTTPStatus(code: 408, reason: "Request Timeout")
    public static let preconditionFailed = HTTPStatus(code: 412, reason: "Precondition Failed")
    public static let payloadTooLarge = HTTPStatus(code: 413, reason: "Content Too Large")
    public static let uriTooLong = HTTPStatus(code: 414, reason: "URI Too Long")
    public static let unsupportedMediaType = HTTPStatus(code: 415, reason: "Unsupported Media Type")
    public static let unprocessableContent = HTTPStatus(code: 422, reason: "Unprocessable Content")
    public static let tooManyRequests = HTTPStatus(code: 429, reason: "Too Many Requests")
    public static let requestHeaderFieldsTooLarge = HTTPStatus(code: 431, reason: "Request Header Fields Too Large")
    public static let internalServerError = HTTPStatus(code: 500, reason: "Internal Server Error")
    public static let notImplemented = HTTPStatus(code: 501, reason: "Not Implemented")
    public static let serviceUnavailable = HTTPStatus(code: 503, reason: "Service Unavailable")
}
