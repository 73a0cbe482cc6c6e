import WebRouterHTML
import WebRouterHTTP
extension Application {
    /// The request's person, as the ``ApplicationConfiguration/signIn`` policy tells it: asked
    /// once per request (their roles only when the tree has a role rule), then kept on the context.
    func viewer(for context: RequestContext) async -> Viewer {
        if let known = context.viewer { return known }
        let policy = configuration.signIn
        guard let person = policy.person(context), !person.isEmpty else {
            context.viewer = .signedOut
            return .signedOut
        }
        var roles: Set<String> = []
        if table.hasRoleRules {
            do {
                roles = try await policy.roles(person, context)
            } catch {
                context.logger.error("the sign-in policy could not tell the person's roles; treating them as having none: \(error)")
            }
        }
        let viewer = Viewer(person: person, roles: roles)
        context.viewer = viewer
        return viewer
    }

    /// The person as far as known without waiting: the one ``viewer(for:)`` found, else the
    /// policy's person alone (no roles), for pages drawn without awaiting (error pages).
    func knownViewer(for context: RequestContext) -> Viewer {
        if let known = context.viewer { return known }
        guard let person = configuration.signIn.person(context), !person.isEmpty else { return .signedOut }
        return Viewer(person: person, roles: [])
    }

    /// How the tab bar treats tabs for `viewer`; `nil` when no screen needs sign-in.
    func tabAccess(_ viewer: Viewer) -> TabAccess? {
        guard table.hasAccessRules else { return nil }
        return TabAccess(viewer: viewer, hidesLocked: configuration.signIn.lockedTabs == .hidden)
    }

    /// The page of a state whose step `blocked.index` `viewer` may not see: the sign-in over
    /// the nearest public screen when nobody is signed in (the address and `status` kept, the
    /// wanted URL as the sign-in's `next`), else the `403` page.
    func renderBlocked(
        _ path: ParsedPath, blocked: (index: Int, verdict: AccessRule.Verdict), viewer: Viewer,
        context: RequestContext, status: HTTPStatus
    ) async -> HTTPResponse {
        guard blocked.verdict == .needsSignIn else {
            return forbiddenPage(path.state, blockedAt: blocked.index, viewer: viewer, context: context)
        }
        // What the person asked for, exactly; a form shown again names its own state. The
        // sign-in itself over a protected screen (`/journal/~sign-in`) wants its `next`, or
        // the screen under it.
        let request = context.request
        let state = path.state
        let wanted: String
        if let parent = table.nodes[state.steps[state.depth - 1].node].parent,
           table.signInChild(of: parent) == state.steps[state.depth - 1].node {
            wanted = LocalPath.sanitized(request.query[RouteTable.nextName])
                ?? table.print(table.withoutNext(state.prefix(state.depth - 1)))
        } else if request.method != .post,
                  let asked = LocalPath.sanitized(request.path + (request.rawQuery.map { "?" + $0 } ?? "")) {
            wanted = asked
        } else {
            wanted = table.print(table.withoutNext(state))
        }
        guard let signIn = table.signInState(for: path.state, blockedAt: blocked.index, wanted: wanted, viewer: viewer) else {
            return errorPage(HTTPError(.forbidden, "Sign in to see this page."), context: context, near: nil)
        }
        var values = Array(path.values.prefix(signIn.baseDepth))
        values.append(())
        var substitute = ParsedPath(state: signIn.state, values: values)
        substitute.presentsSignIn = true
        return await renderPage(
            substitute, context: context, status: status,
            options: PageOptions(tabRoot: path.state.steps[0].node, hidesBase: signIn.hidesBase, remembersTab: false))
    }

    /// The `403` page for a signed-in person without a role a step of `state` needs: in the
    /// chrome, linking to the nearest screen before it they may see.
    func forbiddenPage(_ state: RouteState, blockedAt index: Int, viewer: Viewer, context: RequestContext) -> HTTPResponse {
        let near = index > 0
            ? table.withoutNext(state.prefix(index))
            : table.firstOpenRoot(ofCase: table.caseIndex(of: state), for: viewer).map(table.rootState)
        return errorPage(
            HTTPError(.forbidden, "Your account cannot open this page: it is for people with another role."),
            context: context, near: near)
    }

    /// The answer to a `POST` to a screen `viewer` may not use, `nil` when they may: the action
    /// never runs. Signed out, a `403` page whose link opens the page (which presents the
    /// sign-in and comes back after it); without a role, the `403` page.
    func refusedAction(_ path: ParsedPath, viewer: Viewer, context: RequestContext) -> HTTPResponse? {
        let top = path.state.steps[path.state.depth - 1].node
        switch table.nodes[top].access.verdict(for: viewer) {
        case .admitted:
            return nil
        case .needsRole:
            context.logger.notice("refused a POST to \(context.request.path): the person lacks a role it needs")
            return forbiddenPage(path.state, blockedAt: path.state.depth - 1, viewer: viewer, context: context)
        case .needsSignIn:
            context.logger.notice("refused a POST to \(context.request.path) from someone signed out")
            let page = table.print(table.withoutNext(path.state))
            return errorPage(
                HTTPError(.forbidden, "Sign in first: this form is for signed-in people, and nothing was done."),
                context: context, near: path.state, link: (label: "Sign in and come back to this page", href: page))
        }
    }

    /// Where an action that signed the person in leads: the request's `next` (a local path,
    /// see ``LocalPath``) when the request came signed out with one and the action signed the
    /// person in; else `location`, the action's own move. So a sign-in (or a registration) reached from a protected
    /// URL lands on it without the app reading `next`.
    func landing(after location: String, wasSignedIn: Bool, context: RequestContext) -> String {
        guard !wasSignedIn, table.signInEdge != nil,
              let next = LocalPath.sanitized(context.request.query[RouteTable.nextName]),
              let person = configuration.signIn.person(context), !person.isEmpty else { return location }
        return next
    }

    /// The URL a window case opens at for `viewer`: its first tab they may open (else its first).
    func defaultURL(forCase index: Int, viewer: Viewer?) -> String {
        guard let viewer, table.hasAccessRules, let root = table.firstOpenRoot(ofCase: index, for: viewer) else {
            return defaultURL(forCase: index)
        }
        return table.print(table.rootState(root))
    }
}

/// How ``Application/renderPage(_:context:status:options:)`` draws a state.
struct PageOptions: Sendable {
    /// The root whose tab bar the page draws, when not the state's own.
    var tabRoot: Int? = nil
    /// The base layer's screen is not rendered (the sign-in over a screen that needs it).
    var hidesBase = false
    /// Whether the visit is remembered as its tab's stack.
    var remembersTab = true

    static let standard = PageOptions()
}
