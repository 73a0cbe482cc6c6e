import WebRouterHTML
import WebRouterHTTP
extension Application {
    /// The one error page renderer: a readable page in the app's chrome that keeps the
    /// person in the app — the tab bar of the nearest valid screen (its tab selected) and a
    /// link to that screen — with `Allow` when the error names the methods the resource
    /// answers. Headers common to pages, and the JSON page state for `Accept:
    /// application/json`, come later, from ``withPageHeaders(_:request:headers:)``.
    ///
    /// The nearest valid screen is `state` when the caller knows it (a screen that failed
    /// names its parent); otherwise the state `request`'s path names, or its longest valid
    /// prefix; and when none is, or it belongs to a window case the visitor may not see, the
    /// screen their case opens at. `context` picks that case (made from `request` when absent).
    ///
    /// `link` replaces the link to that screen (the `403` to a signed-out `POST` links to the
    /// page, which presents the sign-in).
    func errorPage(
        _ error: HTTPError, request: HTTPRequest? = nil, context: RequestContext? = nil, near state: RouteState? = nil,
        link: (label: String, href: String)? = nil
    ) -> HTTPResponse {
        let place = errorPlace(request: request, context: context, near: state)
        return errorPage(error, place: place, context: context, link: link)
    }

    /// The error page at a place already found; `link` replaces the link to that place.
    func errorPage(
        _ error: HTTPError, place: ErrorPlace, context: RequestContext?, link: (label: String, href: String)? = nil
    ) -> HTTPResponse {
        let content = AnyHTML(ErrorFragment(status: error.status, message: error.message,
                                            linkLabel: link?.label ?? place.label, linkHref: link?.href ?? place.href))
        var page = PageModel(
            title: error.status.reason, appName: configuration.appName, screenName: "Error",
            tabs: place.tabs,
            base: LayerModel(screenName: "Error", breadcrumb: [], content: content, classes: ["error-page"]),
            layout: configuration.layout)
        page.request = context
        var response = HTTPResponse.html(PageRenderer.render(page), status: error.status)
        error.allowedMethods?.apply(to: &response.headers)
        if let retryAfter = error.retryAfter { response.headers.add(name: "Retry-After", value: String(retryAfter)) }
        return response
    }

    /// Where an error page puts the visitor: a tab bar and the nearest valid screen.
    struct ErrorPlace {
        let tabs: [TabItem]
        let label: String
        let href: String
        /// The nearest valid screen's title.
        let title: String
    }

    func errorPlace(request: HTTPRequest?, context: RequestContext?, near state: RouteState?) -> ErrorPlace {
        var nearest = state
        if nearest == nil, let request {
            switch route(request) {
            case .success(let parsed): nearest = parsed.state
            case .failure(let error): nearest = error.validPrefix
            }
        }
        var allowedCase = 0
        if table.window.isConditional {
            if let context {
                allowedCase = selectedCase(context)
            } else if let request {
                allowedCase = selectedCase(contextWithoutWaiting(for: request))
            }
        }
        if let candidate = nearest {
            let caseIndex = table.caseIndex(of: candidate)
            if caseIndex != allowedCase && !table.window.alwaysAvailable.contains(caseIndex) { nearest = nil }
        }
        let target = nearest ?? table.rootState(table.caseRoots[allowedCase][0])
        let href = table.print(target)
        let node = table.nodes[target.steps[target.depth - 1].node]
        var access: TabAccess?
        if table.hasAccessRules, let asking = context ?? request.map(contextWithoutWaiting) {
            access = tabAccess(knownViewer(for: asking))
        }
        let tabs = Resolution.tabBar(table: table, root: target.steps[0].node, access: access).tabs
        let title = node.content.title
        return ErrorPlace(tabs: tabs, label: "Go to \(title)", href: href, title: title)
    }

    /// The storyboard map of the tree; its policy alone lets it frame the app's own pages
    /// (the cards' miniatures: see ``withPageHeaders(_:request:headers:)``).
    func storyboardPage() -> HTTPResponse {
        let page = PageModel(
            title: "Storyboard", appName: configuration.appName, screenName: "Storyboard",
            base: LayerModel(screenName: "Storyboard", breadcrumb: [], content: AnyHTML(StoryboardMap(table: table, exercised: configuration.storyboardCoverage)),
                             classes: ["storyboard-page"]),
            layout: configuration.layout)
        return HTTPResponse.html(PageRenderer.render(page, capacity: 65_536))
    }

    /// The 404 page for a URL that does not parse, in the tab of its longest valid prefix
    /// and linking to it.
    func notFoundPage(_ error: RouteParseError, context: RequestContext) -> HTTPResponse {
        // The whole address as asked for, and the nearest screen by its title.
        let place = errorPlace(request: nil, context: context, near: error.validPrefix)
        let address = context.request.path
        let message: String
        switch error.reason {
        case .unknownStep(let step):
            message = "There is no page at \(address) (nothing here is called “\(step)”). The nearest page is “\(place.title)”."
        case .missingContext(let step):
            message = "The address \(address) ends before “\(step)” says which one. The nearest page is “\(place.title)”."
        case .badContext(let step, let type):
            message = "The value after “\(step)” in \(address) is not a valid \(type). The nearest page is “\(place.title)”."
        }
        return errorPage(HTTPError(.notFound, message), place: place, context: context)
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
