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

    /// `GET`: read a page or file; safe and repeatable.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `HEAD`: `GET` without the body.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `POST`: submit a form (a screen's action).
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`: replace a resource.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `DELETE`: remove a resource.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `PATCH`: change part of a resource.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `OPTIONS`: ask which methods a resource allows.
    public static let options = HTTPMethod(rawValue: "OPTIONS")
    /// `CONNECT`: open a tunnel through a proxy; recognised (so `405`, not `501`), allowed by none of WebRouter's pages and files.
    public static let connect = HTTPMethod(rawValue: "CONNECT")
    /// `TRACE`: echo the request back; recognised (so `405`, not `501`), allowed by none of WebRouter's pages and files.
    public static let trace = HTTPMethod(rawValue: "TRACE")

    /// The methods the server recognises: RFC 9110's registered set and `PATCH` (RFC 5789).
    /// A resource refuses the ones it does not allow with `405` and an `Allow` header; any
    /// other method is answered `501 Not Implemented`.
    static let recognised: Set<HTTPMethod> = [.get, .head, .post, .put, .delete, .connect, .options, .trace, .patch]

    /// Whether the server knows this method at all (see ``recognised``).
    package var isRecognised: Bool {
        switch rawValue {
        case "GET", "HEAD", "POST": true
        default: Self.recognised.contains(self)
        }
    }

    public var description: String { rawValue }
}

extension HTTPMethod {
    /// The `501` for a method this server does not know at all.
    package static func notImplementedError(_ method: HTTPMethod) -> HTTPError {
        HTTPError(.notImplemented, "This server does not implement the method \(method.rawValue).")
    }
}
