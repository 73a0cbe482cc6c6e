import Tracing
import WebRouterHTML
import WebRouterHTTP
extension Application {
    /// Renders the page of a state: the fragments of the screen on top of each layer,
    /// wrapped in the chrome. A state with a screen the request's person may not see is the
    /// sign-in shown over the nearest public screen, or the `403` page (see <doc:SignInPerScreen>).
    func renderPage(
        _ path: ParsedPath, context: RequestContext, status: HTTPStatus, options: PageOptions = .standard
    ) async -> HTTPResponse {
        var access: TabAccess?
        if table.hasAccessRules {
            let viewer = await viewer(for: context)
            // A substitute (`tabRoot` set) is the sign-in itself: never gated again.
            if options.tabRoot == nil, let blocked = table.firstBlockedStep(path.state, for: viewer) {
                return await renderBlocked(path, blocked: blocked, viewer: viewer, context: context, status: status)
            }
            access = tabAccess(viewer)
        }
        endDraftsOutside(path.state, context: context)
        if table.nodes[path.state.steps[path.state.depth - 1].node].presentation.isBareDocument {
            return await renderBareDocument(path, context: context, status: status)
        }
        var memory = tabMemory(cookie: context.tabMemoryCookie)
        let resolution = Resolution(
            table: table, path: path, rememberedTabs: { memory.path(for: $0) }, tabRoot: options.tabRoot, access: access)

        var layers: [LayerModel] = []
        layers.reserveCapacity(resolution.layers.count)
        var fragmentBytes = 0
        var alert: AlertOutcome = .none
        for layer in resolution.layers {
            if options.hidesBase && layer.start == 0 {
                // The screen under the sign-in needs it: named, not rendered.
                layers.append(LayerModel(screenName: layer.screenName, breadcrumb: layer.breadcrumb,
                                         content: AnyHTML(SignInRequiredFragment(title: layer.title)),
                                         classes: layer.classes + ["sign-in-required"]))
                continue
            }
            let content: HTMLOutput
            do {
                let rendered = try await traced("load \(layer.screenName)", context) {
                    try await renderFragment(path, position: layer.end - 1, url: resolution.urls[layer.end - 1], context: context)
                }
                content = rendered.output
                fragmentBytes += content.count
                if layer.end == path.state.depth { alert = rendered.alert }
            } catch let error as HTTPError {
                // The nearest valid screen is the one under the screen that failed.
                return errorPage(error, context: context, near: path.state.prefix(max(layer.end - 1, 1)))
            } catch {
                context.logger.error("screen \(layer.screenName) failed at \(context.request.path): \(error)")
                return errorPage(
                    HTTPError(.internalServerError, "Something went wrong on our side."),
                    context: context, near: path.state.prefix(max(layer.end - 1, 1)))
            }
            layers.append(LayerModel(screenName: layer.screenName, breadcrumb: layer.breadcrumb,
                                     content: AnyHTML(rendered: content), classes: layer.classes))
        }

        let brokenLinks = context.brokenLinks
        if !brokenLinks.isEmpty {
            for problem in brokenLinks { context.logger.error("\(problem)") }
            return errorPage(
                HTTPError(.internalServerError, brokenLinks.joined(separator: "\n")),
                context: context, near: path.state.prefix(max(path.state.depth - 1, 1)))
        }
        let top = resolution.top
        if case .invalid(let canonical) = alert {
            return .redirect(to: canonical, status: .permanentRedirect)
        }
        var page = PageModel(
            title: top.title, appName: configuration.appName, screenName: top.screenName,
            tabs: resolution.tabs,
            base: layers[0],
            layout: configuration.layout)
        page.request = context
        page.eventsURL = eventsURL(keys: context.liveKeys)
        for (index, layer) in resolution.layers.enumerated().dropFirst() {
            page.modals.append(ModalLayer(layer: layers[index], dismissHref: layer.dismissHref ?? "/",
                                          style: layer.style ?? .sheet(), title: layer.title))
        }

        if case .shown(let model) = alert {
            page.alerts.append(model)
            page.csrfToken = context.csrfToken   // the chrome's own forms are the alerts'
        }
        var view: ScreenView?
        // A page fetched ahead of a move is not a visit: no observer sees it, no tab remembers it.
        let isVisit = context.speculative == nil
        for observer in configuration.observers where isVisit && observer.observesScreenViews {
            if view == nil {
                view = ScreenView(url: resolution.url, screen: top.screenName,
                                  layers: resolution.layers.map(\.screenName), status: status.code)
                if case .shown(let model) = alert { view?.alert = model.title }
            }
            if let view { observer.screenViewed(view) }
        }
        // Room for the fragments and the chrome around them, so the page seldom grows its
        // buffer; the response is then sent from that buffer, without copying it.
        var output = HTMLOutput(capacity: fragmentBytes + 6144)
        if let tracer = context.request.tracer {
            tracer.withSpan("render \(top.screenName)") { _ in PageRenderer.render(page, into: &output) }
        } else {
            PageRenderer.render(page, into: &output)
        }
        var response = HTTPResponse.html(rendered: output, status: status)
        if isVisit, options.remembersTab, let selected = resolution.selectedTabName {
            if memory.remember(resolution.baseStackURL, for: selected) {
                response.headers.add(name: "Set-Cookie", value: tabMemoryCookie(memory, secure: isSecure(context.request)))
            }
        }
        return response
    }

    /// The page of a state whose top screen is a bare document
    /// (``ScreenPresentation/isBareDocument``): that screen's fragment alone, no chrome, no
    /// other layer rendered.
    private func renderBareDocument(_ path: ParsedPath, context: RequestContext, status: HTTPStatus) async -> HTTPResponse {
        let top = path.state.depth - 1
        let url = path.prefixURLs?[top] ?? table.url(path.state, prefix: top + 1)
        do {
            let rendered = try await renderFragment(path, position: top, url: url, context: context)
            return .html(rendered: rendered.output, status: status)
        } catch let error as HTTPError {
            return errorPage(error, context: context, near: path.state.prefix(max(top, 1)))
        } catch {
            context.logger.error("screen \(table.nodes[path.state.steps[top].node].screenName) failed at \(context.request.path): \(error)")
            return errorPage(
                HTTPError(.internalServerError, "Something went wrong on our side."),
                context: context, near: path.state.prefix(max(top, 1)))
        }
    }

    /// `body` in a child span of the request's (`name`), when a tracer is bootstrapped; else
    /// `body` alone.
    func traced<T>(_ name: @autoclosure () -> String, _ context: RequestContext, _ body: () async throws -> T) async throws -> T {
        guard let tracer = context.request.tracer else { return try await body() }
        return try await tracer.withSpan(name()) { _ in try await body() }
    }

    /// The stacks the request's tab-memory cookie remembers, decoded and checked against the
    /// tree once per cookie value (values over ``tabMemoryCacheLimit`` bytes are decoded each
    /// time, never kept).
    func tabMemory(cookie: String?) -> TabMemory {
        guard let cookie else { return TabMemory() }
        guard cookie.utf8.count <= Self.tabMemoryCacheLimit else { return TabMemory(cookie: cookie, table: table) }
        return tabMemories.value(for: cookie) { TabMemory(cookie: cookie, table: table) }
    }

    func tabMemoryCookie(_ memory: TabMemory, secure: Bool) -> String {
        SetCookie(name: tabMemoryCookieName, value: memory.cookieValue, maxAge: nil, secure: secure).headerValue
    }

    /// Renders the fragment of the screen at one step of the state, and the alert the
    /// request opens on it. `url` is that step's URL, already printed for the breadcrumb.
    func renderFragment(
        _ path: ParsedPath, position: Int, url: String, context: RequestContext
    ) async throws -> (output: HTMLOutput, alert: AlertOutcome) {
        let node = table.nodes[path.state.steps[position].node]
        return try await render(
            node.content, path: path, position: position, url: url, context: context, presentation: node.presentation)
    }

    private func render<S: ContentScreen>(
        _ screen: S, path: ParsedPath, position: Int, url: String, context: RequestContext,
        presentation: ScreenPresentation
    ) async throws -> (output: HTMLOutput, alert: AlertOutcome) {
        guard let value = path.values[position] as? S.Context else {
            throw HTTPError(.internalServerError, "The screen's context has an unexpected type.")
        }
        let router = Router<S>(table: table, path: path, position: position, request: context, printedURL: url)
        var output = HTMLOutput(capacity: 4096)
        output.appendRaw(bytes: presentation.before)
        try await screen._renderBody(value, router: router, into: &output)
        let keys = screen.liveKeys(for: value)
        if !keys.isEmpty { context.showLive(keys) }
        output.appendRaw(bytes: presentation.after)
        var alert = AlertOutcome.none
        if S.Alert.self != NoAlert.self, let raw = context.request.query[S.Alert.parameter] {
            if let chosen = S.Alert(rawValue: raw) {
                alert = .shown(screen.alert(chosen, router: router))
            } else {
                alert = .invalid(canonical: router.url)
            }
        }
        return (output, alert)
    }
}

/// What stands in for a screen that needs sign-in under the sign-in presented over it.
struct SignInRequiredFragment: HTML {
    let title: String

    func render(into output: inout HTMLOutput) {
        p(.class("sign-in-required-note")) { "Sign in to see \(title)." }.render(into: &output)
    }
}

/// The alert a request opens on the screen on top.
enum AlertOutcome {
    case none
    case shown(AlertModel)
    /// The query names no alert of the screen: redirect to its URL without it.
    case invalid(canonical: String)
}

extension Application {
    /// A flow's draft ends when the person leaves the flow, however they leave it (its sheet's
    /// close link, Escape, a link or a tab elsewhere, the last step's move): the first page
    /// shown (a `GET`, not a prefetch) whose state holds no step of that flow forgets it.
    func endDraftsOutside(_ state: RouteState, context: RequestContext) {
        guard context.request.method == .get, context.speculative == nil else { return }
        let session = context.session
        guard session.values.keys.contains(where: { $0.hasPrefix(Self.draftPrefix) }) else { return }
        var shown = Set<String>()
        for step in state.steps.prefix(state.depth) { shown.insert(Self.draftPrefix + table.nodes[step.node].screenName) }
        let ended = session.values.keys.filter { $0.hasPrefix(Self.draftPrefix) && !shown.contains($0) }
        guard !ended.isEmpty else { return }
        context.updateSession { session in
            for key in ended { session[key] = nil }
        }
    }

    /// The prefix of the session keys that hold flows' drafts (`draft.<Screen>`).
    static let draftPrefix = "draft."
}

