import WebRouterHTML
import WebRouterHTTP

extension Application {
    /// `response` as the request wants it: an HTML page gets `Vary: Accept`, and becomes its
    /// ``PageState`` in JSON when the request's `Accept` prefers `application/json`
    /// (``ContentNegotiation``). Anything else (a redirect, `204`, a static file) is left as
    /// it is. The page is only parsed when JSON was asked for, so HTML costs one header.
    func negotiated(_ response: consuming HTTPResponse, for request: HTTPRequest) -> HTTPResponse {
        guard let type = response.headers["Content-Type"], type.hasPrefix("text/html") else { return response }
        Self.addVaryAccept(to: &response.headers)
        guard ContentNegotiation.prefersJSON(request.headers["Accept"]) else { return response }
        let url = request.path + (request.rawQuery.map { $0.isEmpty ? "" : "?" + $0 } ?? "")
        let state = PageState(document: HTMLNode.parse(utf8: response.body), status: response.status.code, url: url)
        response.headers.set(name: "Content-Type", value: ContentNegotiation.jsonContentType)
        // Sorted keys, so the same page is the same bytes; slashes left as they are, so URLs read plainly.
        response.body = PageStateJSONWriter.encode(state)
        return response
    }

    /// Adds `Accept` to the response's `Vary` unless it is there (or `Vary: *`): negotiation's
    /// part of the field; the compression step adds `Accept-Encoding` for what it may compress.
    static func addVaryAccept(to headers: inout HTTPHeaders) {
        headers.addVary("Accept")
    }
}
