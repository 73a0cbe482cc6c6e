import WebRouterHTTP

extension Application {
    /// Where the enhancement script reports a page shown from a prefetch or a prerender.
    static let visitPath = "/_webrouter/visit"

    /// `POST /_webrouter/visit`, its body the target of the page shown (`/feed/match/12`):
    /// a page fetched ahead of a move (`Sec-Purpose: prefetch`, or a prerender) was not a
    /// visit when it was answered, so when the browser shows it the script reports it once,
    /// and this does what the visit would have done, without rendering the page again: route
    /// observers see it, the tab remembers it (the tab-memory cookie), and the access log
    /// names it. `204`; a cross-site report is `403`, a target that is no page does nothing.
    func reportedVisit(_ request: HTTPRequest, context: RequestContext) -> HTTPResponse {
        guard request.method == .post else {
            return errorPage(HTTPError(.methodNotAllowed, "Pages report their visits with POST."), request: request, context: context)
        }
        // Only the app's own pages report: another site cannot move a visitor's tabs.
        if let site = request.headers["Sec-Fetch-Site"], site != "same-origin" {
            return errorPage(HTTPError(.forbidden, "Only this site's pages report their visits."), request: request, context: context)
        }
        var done = HTTPResponse(status: .noContent, headers: [("Cache-Control", "no-store")])
        done.route = Self.visitPath
        let target = String(decoding: request.body.prefix(8192), as: UTF8.self)
        guard target.hasPrefix("/"), !target.hasPrefix("//"), !target.contains("#") else { return done }
        var shown = HTTPRequest(method: .get, path: target, headers: request.headers)
        shown.remoteAddress = request.remoteAddress
        guard case .success(let path) = route(shown),
            !table.nodes[path.state.steps[path.state.depth - 1].node].presentation.isBareDocument
        else { return done }
        done.visitTarget = target
        var memory = tabMemory(cookie: context.tabMemoryCookie)
        let resolution = Resolution(table: table, path: path, rememberedTabs: { memory.path(for: $0) })
        var view: ScreenView?
        for observer in configuration.observers where observer.observesScreenViews {
            if view == nil {
                view = ScreenView(url: resolution.url, screen: resolution.top.screenName,
                                  layers: resolution.layers.map { $0.screenName }, status: 200)
            }
            if let view { observer.screenViewed(view) }
        }
        if let selected = resolution.selectedTabName, memory.remember(resolution.baseStackURL, for: selected) {
            done.headers.add(name: "Set-Cookie", value: tabMemoryCookie(memory, secure: isSecure(request)))
        }
        return done
    }
}
