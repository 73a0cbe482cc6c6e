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

    /// A status with the given code and reason phrase, for a status the constants below lack.
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

    /// `200 OK`: the request succeeded and the body holds the page or file.
    public static let ok = HTTPStatus(code: 200, reason: "OK")
    /// `201 Created`: a resource was created.
    public static let created = HTTPStatus(code: 201, reason: "Created")
    /// `204 No Content`: success with no body.
    public static let noContent = HTTPStatus(code: 204, reason: "No Content")
    /// `301 Moved Permanently`: the resource moved for good; clients may turn a POST into a GET.
    public static let movedPermanently = HTTPStatus(code: 301, reason: "Moved Permanently")
    /// `302 Found`: the resource is temporarily elsewhere.
    public static let found = HTTPStatus(code: 302, reason: "Found")
    /// `303 See Other`: after a POST, load the `Location` with a GET (post/redirect/get).
    public static let seeOther = HTTPStatus(code: 303, reason: "See Other")
    /// `304 Not Modified`: the client's cached copy is still fresh (a conditional GET).
    public static let notModified = HTTPStatus(code: 304, reason: "Not Modified")
    /// `307 Temporary Redirect`: temporarily elsewhere, repeating the same method and body.
    public static let temporaryRedirect = HTTPStatus(code: 307, reason: "Temporary Redirect")
    /// `308 Permanent Redirect`: moved for good, repeating the same method and body (canonical URLs).
    public static let permanentRedirect = HTTPStatus(code: 308, reason: "Permanent Redirect")
    /// `400 Bad Request`: the request is malformed.
    public static let badRequest = HTTPStatus(code: 400, reason: "Bad Request")
    /// `401 Unauthorized`: the request needs authentication.
    public static let unauthorized = HTTPStatus(code: 401, reason: "Unauthorized")
    /// `403 Forbidden`: the client may not do this (a failed CSRF check, for example).
    public static let forbidden = HTTPStatus(code: 403, reason: "Forbidden")
    /// `404 Not Found`: no screen or file answers this URL.
    public static let notFound = HTTPStatus(code: 404, reason: "Not Found")
    /// `405 Method Not Allowed`: the resource exists but not for this method.
    public static let methodNotAllowed = HTTPStatus(code: 405, reason: "Method Not Allowed")
    /// `408 Request Timeout`: the client took too long to send its request.
    public static let requestTimeout = HTTPStatus(code: 408, reason: "Request Timeout")
    /// `412 Precondition Failed`: an `If-Match` or `If-Unmodified-Since` condition did not hold.
    public static let preconditionFailed = HTTPStatus(code: 412, reason: "Precondition Failed")
    /// `413 Content Too Large`: the request body exceeds the configured limit.
    public static let payloadTooLarge = HTTPStatus(code: 413, reason: "Content Too Large")
    /// `414 URI Too Long`: the request target is longer than the server accepts.
    public static let uriTooLong = HTTPStatus(code: 414, reason: "URI Too Long")
    /// `415 Unsupported Media Type`: the request body's content type is not one the server decodes.
    public static let unsupportedMediaType = HTTPStatus(code: 415, reason: "Unsupported Media Type")
    /// `422 Unprocessable Content`: the form was understood but failed validation.
    public static let unprocessableContent = HTTPStatus(code: 422, reason: "Unprocessable Content")
    /// `429 Too Many Requests`: the client sent too many requests.
    public static let tooManyRequests = HTTPStatus(code: 429, reason: "Too Many Requests")
    /// `431 Request Header Fields Too Large`: the request's header fields are too large.
    public static let requestHeaderFieldsTooLarge = HTTPStatus(code: 431, reason: "Request Header Fields Too Large")
    /// `500 Internal Server Error`: the application failed while answering.
    public static let internalServerError = HTTPStatus(code: 500, reason: "Internal Server Error")
    /// `501 Not Implemented`: the server does not support the method.
    public static let notImplemented = HTTPStatus(code: 501, reason: "Not Implemented")
    /// `503 Service Unavailable`: the server is temporarily unable to answer (shutting down, overloaded).
    public static let serviceUnavailable = HTTPStatus(code: 503, reason: "Service Unavailable")
}
