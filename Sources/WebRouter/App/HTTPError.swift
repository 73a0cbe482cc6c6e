/// An error a screen throws to answer with an HTTP error page instead of its content.
///
/// ```swift
/// func body(_ id: Int, router: Router<Match>) throws -> some HTML {
///     let match = try store.match(id) ?? { throw HTTPError.notFound("No match \(id)") }()
///     …
/// }
/// ```
public struct HTTPError: Error, Sendable, Equatable {
    public var status: HTTPStatus
    /// A sentence for the visitor, shown on the error page (escaped).
    public var message: String

    public init(_ status: HTTPStatus, _ message: String) {
        self.status = status
        self.message = message
    }

    public static func notFound(_ message: String = "There is nothing at this address.") -> HTTPError {
        HTTPError(.notFound, message)
    }
    public static func forbidden(_ message: String = "You are not allowed to do that.") -> HTTPError {
        HTTPError(.forbidden, message)
    }
    public static func badRequest(_ message: String = "The request could not be understood.") -> HTTPError {
        HTTPError(.badRequest, message)
    }
}
