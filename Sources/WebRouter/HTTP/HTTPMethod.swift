/// An HTTP request method such as `GET` or `POST`.
///
/// Any token is accepted, so extension methods pass through unchanged:
/// ```swift
/// if request.method == .post { … }
/// let purge = HTTPMethod(rawValue: "PURGE")
/// ```
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method token exactly as sent, for example `"GET"`.
    public var rawValue: String

    /// Wraps any method token.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let get = HTTPMethod(rawValue: "GET")
    public static let head = HTTPMethod(rawValue: "HEAD")
    public static let post = HTTPMethod(rawValue: "POST")
    public static let put = HTTPMethod(rawValue: "PUT")
    public static let delete = HTTPMethod(rawValue: "DELETE")
    public static let patch = HTTPMethod(rawValue: "PATCH")
    public static let options = HTTPMethod(rawValue: "OPTIONS")
    public static let connect = HTTPMethod(rawValue: "CONNECT")
    public static let trace = HTTPMethod(rawValue: "TRACE")

    /// The methods the server recognises: RFC 9110's registered set and `PATCH` (RFC 5789).
    /// A resource refuses the ones it does not allow with `405` and an `Allow` header; any
    /// other method is answered `501 Not Implemented`.
    static let recognised: Set<HTTPMethod> = [.get, .head, .post, .put, .delete, .connect, .options, .trace, .patch]

    /// Whether the server knows this method at all (see ``recognised``).
    var isRecognised: Bool {
        switch rawValue {
        case "GET", "HEAD", "POST": true
        default: Self.recognised.contains(self)
        }
    }

    public var description: String { rawValue }
}
