import WebRouter

/// The temporary start page `webapp` serves until the demo app is wired in.
///
/// ```swift
/// let server = HTTPServer(configuration: configuration, handler: StartPage.handler)
/// ```
enum StartPage {
    static let handler: HTTPHandler = { request in
        guard request.pathSegments.isEmpty, request.method == .get || request.method == .head else {
            return .html(
                "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Not Found</title></head>"
                    + "<body><h1>404 Not Found</h1><p><a href=\"/\">Start page</a></p></body></html>",
                status: .notFound)
        }
        return .html(page)
    }

    static let page = """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><title>WebRouter</title>
        <meta name="viewport" content="width=device-width, initial-scale=1"></head>
        <body data-screen="Start">
        <h1>WebRouter \(WebRouterInfo.version)</h1>
        <p>The server is running. Static files are served from <code>/static/</code>.</p>
        </body>
        </html>
        """
}
