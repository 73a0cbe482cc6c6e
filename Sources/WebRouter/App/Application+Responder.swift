import WebRouterHTTP

/// The application as the end of the server's ``RequestPipeline``: its chrome's assets, its
/// answers (``Application/respond(to:)``), and its error page for what the pipeline refuses.
extension Application: HTTPResponder {
    /// Step 2: the chrome's compiled-in assets under ``ChromeAssets/prefix``, and the app's own
    /// (``AppAssets``) under `/_webrouter/app/`.
    package func file(for request: HTTPRequest) -> Result<HTTPResponse, HTTPError>? {
        // The event stream, the visit report and the offline page are answers of the app's (steps 3 to 8), not files.
        guard request.path.hasPrefix(ChromeAssets.prefix), request.path != LiveHub.path, request.path != Self.visitPath,
              request.path != InstallableFiles.offlinePath else { return nil }
        if let file = installable.response(for: request.path, method: request.method, headers: request.headers) {
            return file
        }
        if request.path.hasPrefix(AppAssets.prefix) {
            return configuration.layout.assets.response(for: request.path, method: request.method, headers: request.headers)
        }
        return ChromeAssets.response(
            for: request.path, method: request.method, headers: request.headers, theme: configuration.layout.themeStylesheet)
    }

    /// A form whose upload passed the server's limit comes to the app, which answers it with
    /// the form as typed and an error on the file field.
    package var answersOversizedForms: Bool { true }

    /// The error page, in the chrome, for a request the pipeline refused (`400`, `413`, `501`,
    /// a missing static file), with the same headers as every page: in the tab of the screen
    /// the request's path names (or its longest valid prefix), linking to it.
    package func refuse(_ error: HTTPError, request: HTTPRequest?, headers: HTTPHeaders) -> HTTPResponse {
        withPageHeaders(errorPage(error, request: request), request: request, headers: headers)
    }

    /// Steps 3 and 8, shared by every answer that is a page: the security headers (the
    /// storyboard map's own policy on its path), and the representation the request
    /// negotiates (HTML, or its ``PageState`` in JSON; `Vary: Accept`), and
    /// `Strict-Transport-Security` for a request that came over TLS, and the `Speculation-Rules`
    /// of instant moves (``ChromeAssets/prefetchRules``, or ``ChromeAssets/speculationRules``
    /// when the app prerenders). The one place they are set.
    /// Where pages find the rules that prerender their links on intent (a structured-field string).
    static let speculationRulesHeader = "\"" + ChromeAssets.speculationRules.url + "\""
    /// Where pages find the rules that prefetch their links on intent (the default).
    static let prefetchRulesHeader = "\"" + ChromeAssets.prefetchRules.url + "\""

    func withPageHeaders(_ response: consuming HTTPResponse, request: HTTPRequest?, headers: HTTPHeaders) -> HTTPResponse {
        // The security headers first: the list is then short, so checking that the handler set
        // none of them is one pass over a field or two.
        if let map = configuration.storyboardPath, request?.path == map {
            SecurityHeaders.applyForStoryboard(to: &response.headers)
        } else {
            SecurityHeaders.apply(to: &response.headers)
        }
        response.headers.add(name: "Speculation-Rules",
                             value: configuration.prerendersLinks ? Self.speculationRulesHeader : Self.prefetchRulesHeader)
        // HSTS only over TLS (RFC 6797 §7.2: a browser ignores it over plain http).
        if let strictTransportSecurity, origins.isSecure(headers: headers, remoteAddress: request?.remoteAddress) {
            response.headers.set(name: "Strict-Transport-Security", value: strictTransportSecurity)
        }
        if let request {
            return negotiated(response, for: request)
        }
        if response.headers["Content-Type"]?.hasPrefix("text/html") == true {
            Self.addVaryAccept(to: &response.headers)
        }
        return response
    }
}
