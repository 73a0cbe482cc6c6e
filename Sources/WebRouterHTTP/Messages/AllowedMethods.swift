/// The methods one resource answers, and what any other method gets (RFC 9110 §9, §15.5.6,
/// §15.6.2): `OPTIONS` is `204` with `Allow`, a recognised method the resource does not
/// allow is `405` with the same `Allow`, and a method the server does not know at all is
/// `501`.
///
/// ```swift
/// let allowed: AllowedMethods = screenHasActions ? .readAndPost : .readOnly
/// switch allowed.verdict(for: request.method) {
/// case .allowed: break                               // go on and answer it
/// case .options: return allowed.optionsResponse()    // 204, Allow: GET, HEAD
/// case .notAllowed: …                                // 405 page + allowed.apply(to: &headers)
/// case .notImplemented: …                            // 501 page
/// }
/// ```
package struct AllowedMethods: Sendable, Equatable {
    /// The `Allow` header's value, for example `GET, HEAD`.
    package let headerValue: String
    private let methods: [HTTPMethod]

    init(_ methods: [HTTPMethod]) {
        self.methods = methods
        self.headerValue = methods.map(\.rawValue).joined(separator: ", ")
    }

    /// A page or file: `GET, HEAD`.
    package static let readOnly = AllowedMethods([.get, .head])
    /// A screen with actions: `GET, HEAD, POST`.
    package static let readAndPost = AllowedMethods([.get, .head, .post])

    package enum Verdict: Equatable {
        case allowed, options, notAllowed, notImplemented
    }

    /// What to do with a request of `method` to this resource.
    package func verdict(for method: HTTPMethod) -> Verdict {
        if methods.contains(method) { return .allowed }
        if method == .options { return .options }
        return method.isRecognised ? .notAllowed : .notImplemented
    }

    /// Sets `Allow` on a response.
    package func apply(to headers: inout HTTPHeaders) {
        headers.set(name: "Allow", value: headerValue)
    }

    /// What a request of `method` gets when it is not simply allowed: `nil` when it is, the
    /// `204` for `OPTIONS`, or the error to render (`405` with these methods as `Allow`, with
    /// `notAllowed` as its message, or `501` for a method the server does not know).
    package func refusal(for method: HTTPMethod, notAllowed: @autoclosure () -> String) -> Result<HTTPResponse, HTTPError>? {
        switch verdict(for: method) {
        case .allowed:
            return nil
        case .options:
            return .success(optionsResponse())
        case .notAllowed:
            var error = HTTPError(.methodNotAllowed, notAllowed())
            error.allowedMethods = self
            return .failure(error)
        case .notImplemented:
            return .failure(HTTPMethod.notImplementedError(method))
        }
    }

    /// The answer to `OPTIONS`: `204 No Content` with `Allow`.
    package func optionsResponse() -> HTTPResponse {
        var response = HTTPResponse(status: .noContent)
        apply(to: &response.headers)
        return response
    }
}
