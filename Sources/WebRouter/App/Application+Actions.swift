import WebRouterHTML
import WebRouterHTTP
extension Application {
    /// Runs the action a form posts to the screen on top of the state.
    func performAction(_ path: ParsedPath, context: RequestContext) async -> HTTPResponse {
        let request = context.request
        let form: FormData
        do {
            form = try request.form()
        } catch {
            return errorPage(HTTPError(.badRequest, "The form could not be read."), context: context, near: path.state)
        }
        // The token must match the browser's own CSRF cookie, which must already exist.
        guard !context.issuesBrowserID,
              csrf.isValid(token: form[ActionForm.csrfField], browserID: context.browserID, now: context.now) else {
            context.logger.notice("rejected a POST to \(request.path) without a valid CSRF token")
            return errorPage(
                HTTPError(.forbidden, "This form has expired or did not come from this site. Go back, reload the page and try again."),
                context: context, near: path.state)
        }
        let position = path.state.depth - 1
        let node = table.nodes[path.state.steps[position].node]
        if let upload = request.oversizedUpload {
            return await answerOversized(upload, path, form: form, screen: node.content, context: context)
        }
        // Whether the person came signed in: an action that signs them in lands on `next`.
        let wasSignedIn = table.signInEdge == nil || !(configuration.signIn.person(context) ?? "").isEmpty
        let result: ActionResult
        do {
            result = try await traced("action \(node.screenName).\(form[ActionForm.actionField] ?? "")", context) {
                try await perform(node.content, name: form[ActionForm.actionField] ?? "", form: form,
                                  path: path, position: position, context: context)
            }
        } catch let check as ValidationOnly {
            // Validation while typing: the page with the form's messages, the action not run.
            return await renderAgain(path, context: context, form: form, errors: check.errors,
                                     status: check.errors.isEmpty ? .ok : .unprocessableContent)
        } catch let error as HTTPError {
            return errorPage(error, context: context, near: path.state)
        } catch {
            context.logger.error("action of \(node.screenName) failed at \(request.path): \(error)")
            return errorPage(HTTPError(.internalServerError, "Something went wrong on our side."), context: context, near: path.state)
        }
        switch result.kind {
        case .move(let moved):
            let location = landing(after: moved, wasSignedIn: wasSignedIn, context: context)
            if !configuration.observers.isEmpty {
                let move = RouteMove(from: table.print(path.state), to: location,
                                     action: form[ActionForm.actionField] ?? "", screen: node.screenName)
                for observer in configuration.observers { observer.moved(move) }
            }
            return .redirect(to: location, status: .seeOther)
        case .invalid(let errors):
            return await renderAgain(path, context: context, form: form, errors: errors, status: .unprocessableContent)
        case .tooManyAttempts(let errors, let retryAfter):
            var response = await renderAgain(path, context: context, form: form, errors: errors, status: .tooManyRequests)
            response.headers.add(name: "Retry-After", value: String(retryAfter))
            return response
        }
    }

    /// A form whose upload passed the server's limit (its upload dropped, the rest read): the
    /// form again as it was typed, `422`, with an error on each field dropped; the action
    /// never runs. A submission naming no action of the screen is the `413` page.
    private func answerOversized<S: ContentScreen>(
        _ upload: OversizedUpload, _ path: ParsedPath, form: FormData, screen: S, context: RequestContext
    ) async -> HTTPResponse {
        guard S.Action.self != NoAction.self, S.Action(rawValue: form[ActionForm.actionField] ?? "") != nil else {
            return errorPage(
                HTTPError(.payloadTooLarge, "The request's body is larger than this server accepts."), context: context, near: path.state)
        }
        let limit = FieldRule<FormFile>.size(upload.limit)
        var errors = FormErrors()
        for field in upload.fields {
            errors[field.name] = field.isFile
                ? "Choose a smaller file: a form here takes at most \(limit) in all."
                : "This is too long: a form here takes at most \(limit) in all."
        }
        context.logger.notice("answered a form to \(context.request.path) whose upload passed \(limit) with 422")
        return await renderAgain(path, context: context, form: form, errors: errors, status: .unprocessableContent)
    }

    /// The screen of a failed action again, with what was submitted and what was wrong.
    private func renderAgain(
        _ path: ParsedPath, context: RequestContext, form: FormData, errors: FormErrors, status: HTTPStatus
    ) async -> HTTPResponse {
        let again = RequestContext(
            request: context.request, now: context.now, session: context.session, browserID: context.browserID,
            issuesBrowserID: false, tabMemoryCookie: context.tabMemoryCookie,
            csrfToken: .fixed(context.csrfToken), submittedForm: form, formErrors: errors,
            origins: context.origins, verifiedSessions: context.verifiedSessions, logger: context.appLogger)
        // Session changes the action made are sent by `finish` from `context`.
        return await renderPage(path, context: again, status: status)
    }

    private func perform<S: ContentScreen>(
        _ screen: S, name: String, form: FormData, path: ParsedPath, position: Int, context: RequestContext
    ) async throws -> ActionResult {
        guard S.Action.self != NoAction.self else {
            throw HTTPError(.methodNotAllowed, "This page has no form to submit.")
        }
        guard let action = S.Action(rawValue: name) else {
            throw HTTPError(.badRequest, "This page has no action named “\(name)”.")
        }
        let router = Router<S>(table: table, path: path, position: position, request: context)
        return try await screen.perform(action, form: form, router: router)
    }
}
