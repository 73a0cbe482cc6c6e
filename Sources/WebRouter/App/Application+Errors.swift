import WebRouterHTML
import WebRouterHTTP
extension Application {
    /// The one error page renderer: a readable page in the app's chrome, with a link home (or
    /// `link`), and `Allow` when the error names the methods the resource answers. Headers
    /// common to pages come later, from ``withPageHeaders(_:request:headers:)``.
    func errorPage(_ error: HTTPError, link: (label: String, href: String)? = nil) -> HTTPResponse {
        let target = link ?? ("Go to the start page", "/")
        let content = AnyHTML(ErrorFragment(status: error.status, message: error.message, linkLabel: target.label, linkHref: target.href))
        let page = PageModel(
            title: error.status.reason, appName: configuration.appName, screenName: "Error",
            base: LayerModel(screenName: "Error", breadcrumb: [], content: content, classes: ["error-page"]),
            layout: configuration.layout)
        var response = HTTPResponse.html(PageRenderer.render(page), status: error.status)
        error.allowedMethods?.apply(to: &response.headers)
        if let retryAfter = error.retryAfter { response.headers.add(name: "Retry-After", value: String(retryAfter)) }
        return response
    }

    /// The storyboard map of the tree; its policy alone lets it frame the app's own pages
    /// (the cards' miniatures: see ``withPageHeaders(_:request:headers:)``).
    func storyboardPage() -> HTTPResponse {
        let page = PageModel(
            title: "Storyboard", appName: configuration.appName, screenName: "Storyboard",
            base: LayerModel(screenName: "Storyboard", breadcrumb: [], content: AnyHTML(StoryboardMap(table: table)),
                             classes: ["storyboard-page"]),
            layout: configuration.layout)
        return HTTPResponse.html(PageRenderer.render(page, capacity: 65_536))
    }

    /// The 404 page for a URL that does not parse, linking to its longest valid prefix.
    func notFoundPage(_ error: RouteParseError) -> HTTPResponse {
        let message: String
        switch error.reason {
        case .unknownStep(let step): message = "There is no page “\(step)” here."
        case .missingContext(let step): message = "The address ends before “\(step)” says which one."
        case .badContext(let step, let type): message = "The value after “\(step)” is not a valid \(type)."
        }
        guard let prefix = error.validPrefix else {
            return errorPage(HTTPError(.notFound, message))
        }
        let href = table.print(prefix)
        let node = table.nodes[prefix.steps[prefix.depth - 1].node]
        return errorPage(HTTPError(.notFound, message), link: ("Go to \(node.content.title) (\(href))", href))
    }
}

/// The content of an error page.
struct ErrorFragment: HTML {
    let status: HTTPStatus
    let message: String
    let linkLabel: String
    let linkHref: String

    func render(into output: inout HTMLOutput) {
        div(.class("error")) {
            h1 { status.reason }
            p(.class("error-status")) { "Error \(status.code)" }
            p { message }
            p { a(.href(linkHref), .rel("up"), .class("button")) { linkLabel } }
        }.render(into: &output)
    }
}
