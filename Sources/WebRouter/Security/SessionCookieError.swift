import WebRouterHTML
/// Why a session could not be turned into a cookie.
///
/// ```swift
/// do { header = try codec.setCookieHeader(session) }
/// catch SessionCookieError.tooLarge(let size, let limit) { log("session is \(size) > \(limit) bytes") }
/// ```
enum SessionCookieError: Error, Equatable, CustomStringConvertible {
    /// The signed cookie value would be `byteCount` bytes, more than browsers reliably keep (`limit`).
    case tooLarge(byteCount: Int, limit: Int)

    var description: String {
        switch self {
        case let .tooLarge(byteCount, limit):
            "the session cookie would be \(byteCount) bytes, over the \(limit)-byte limit; store less in the session"
        }
    }
}
