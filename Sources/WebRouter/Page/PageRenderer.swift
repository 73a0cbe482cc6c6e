import WebRouterHTML
/// Draws a ``PageModel`` as a complete HTML document: head, skip link, app header, tab bar,
/// the base layer with its breadcrumb, the modal layers as open dialogs, alerts on top, footer.
///
/// The markup follows the landmarks of DESIGN.md (`<body data-screen>`, `<nav aria-label="Tabs">`,
/// `<nav aria-label="Breadcrumb">`, `<dialog open aria-modal="true">` with a `rel="dismiss"` link);
/// The framework's stylesheet and script (``ChromeAssets``) target it. Every model string is escaped and every
/// URL goes through the same scheme filter as `.href`. While a modal or alert is open, the
/// layers beneath carry `inert`, so the page behaves modally even without JavaScript, and the
/// skip link (which would point at the inert `#main`) is left out.
/// ```swift
/// var output = HTMLOutput(capacity: 16_384)
/// PageRenderer.render(page, into: &output)
/// let body = output.bytes
/// ```
enum PageRenderer {
    /// Renders `page` into a new buffer of `capacity` bytes to start with (it grows as needed).
    static func render(_ page: PageModel, capacity: Int = 16_384) -> [UInt8] {
        var output = HTMLOutput(capacity: capacity)
        render(page, into: &output)
        return output.bytes
    }

    /// Appends the complete document for `page` to `output`.
    static func render(_ page: PageModel, into output: inout HTMLOutput) {
        let hasModal = !page.modals.isEmpty
        let hasAlert = !page.alerts.isEmpty
        let covered = hasModal || hasAlert

        renderHead(page, into: &output)

        output.appendRaw("<body")
        output.attribute(Landmark.screen, page.screenName)
        if !page.tabs.isEmpty || covered {
            // Class names joined by single spaces: "has-tabs has-modal has-alert".
            var separator: StaticString = " class=\""
            if !page.tabs.isEmpty { output.appendRaw(separator); output.appendRaw("has-tabs"); separator = " " }
            if hasModal { output.appendRaw(separator); output.appendRaw("has-modal"); separator = " " }
            if hasAlert { output.appendRaw(separator); output.appendRaw("has-alert") }
            output.appendRaw("\"")
        }
        output.appendRaw(">\n")
        // The skip link jumps over the header and the tabs to `#main`. While a dialog is open
        // those are inert and so is `#main`: the link would lead nowhere, and as the first stop
        // of the keyboard path (with JavaScript off nothing calls showModal()) it would sit
        // outside the dialog. It is left out then, so the first Tab lands in the topmost dialog.
        if !covered { output.appendRaw("<a class=\"skip-link\" href=\"#main\">Skip to content</a>\n") }

        if let header = page.layout.header(page) {
            output.appendRaw("<header class=\"app-header\"")
            if covered { output.appendRaw(" inert") }
            output.appendRaw(">")
            header.render(into: &output)
            output.appendRaw("</header>\n")
        }

        if !page.tabs.isEmpty {
            renderTabs(page.tabs, inert: covered, into: &output)
        }

        renderBase(page.base, inert: covered, into: &output)

        if let footer = page.layout.footer(page) {
            output.appendRaw("<footer class=\"app-footer\"")
            if covered { output.appendRaw(" inert") }
            output.appendRaw(">")
            footer.render(into: &output)
            output.appendRaw("</footer>\n")
        }

        for (index, modal) in page.modals.enumerated() {
            let isTop = index == page.modals.count - 1 && !hasAlert
            renderModal(modal, depth: index + 1, inert: !isTop, into: &output)
        }

        for (index, alert) in page.alerts.enumerated() {
            let isTop = index == page.alerts.count - 1
            renderAlert(alert, number: index + 1, csrfToken: page.csrfToken, inert: !isTop, into: &output)
        }

        output.appendRaw("</body></html>\n")
    }

    // MARK: - Parts

    /// The framework's stylesheet and script, the same bytes on every page.
    private static let chromeHead: String = {
        var output = HTMLOutput(capacity: 256)
        output.appendRaw("<link rel=\"stylesheet\"")
        output.urlAttribute("href", ChromeAssets.stylesheet.url)
        output.appendRaw("><script")
        output.urlAttribute("src", ChromeAssets.script.url)
        // Render-blocking, so its pagereveal listener names the view transition's move
        // before the first frame; cached immutably, it costs a round trip once.
        output.appendRaw(" defer blocking=\"render\"></script>")
        return String(decoding: output.bytes, as: UTF8.self)
    }()

    private static func renderHead(_ page: PageModel, into output: inout HTMLOutput) {
        output.appendRaw("<!doctype html>\n<html")
        output.attribute("lang", page.lang)
        // A native shell (Hotwire Native) draws its own tab bar and back button: the chrome's
        // stylesheet hides the web ones under this class.
        if let agent = page.request?.request.headers["User-Agent"], NativeShell.isNativeShell(userAgent: agent) {
            output.appendRaw(" class=\"")
            output.appendRaw(NativeShell.htmlClass)
            output.appendRaw("\"")
        }
        output.appendRaw("><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
        if !page.title.isEmpty {
            output.appendEscapedText(page.title)
            if !page.appName.isEmpty { output.appendRaw(" · ") }
        }
        output.appendEscapedText(page.appName)
        output.appendRaw("</title>")
        output.appendRaw(Self.chromeHead)
        if let events = page.eventsURL {
            output.appendRaw("<meta name=\"webrouter-events\"")
            output.urlAttribute("content", events)
            output.appendRaw(">")
        }
        if let theme = page.layout.themeStylesheet {
            output.appendRaw("<link rel=\"stylesheet\"")
            output.urlAttribute("href", theme.url)
            output.appendRaw(">")
        }
        for href in page.layout.stylesheets {
            output.appendRaw("<link rel=\"stylesheet\"")
            output.urlAttribute("href", page.layout.assets.resolve(href))
            output.appendRaw(">")
        }
        output.appendRaw("<link rel=\"icon\"")
        output.urlAttribute("href", page.layout.icon.map(page.layout.assets.resolve) ?? ChromeAssets.icon.url)
        output.appendRaw(">")
        output.appendRaw(page.layout.installableHead)
        for src in page.layout.scripts {
            output.appendRaw("<script")
            output.urlAttribute("src", page.layout.assets.resolve(src))
            output.appendRaw(" defer></script>")
        }
        page.layout.head(page)?.render(into: &output)
        output.appendRaw("</head>\n")
    }

    /// The id of the tab bar's hidden "Sign-in required", the description of locked tabs.
    static let signInNoteID: StaticString = "tabbar-sign-in-required"

    private static func renderTabs(_ tabs: [TabItem], inert: Bool, into output: inout HTMLOutput) {
        output.appendRaw("<nav aria-label=\"")
        output.appendRaw(Landmark.tabBar)
        output.appendRaw("\" class=\"tabbar\"")
        if inert { output.appendRaw(" inert") }
        output.appendRaw("><ul>")
        var hasLocked = false
        for tab in tabs {
            output.appendRaw("<li><a")
            output.urlAttribute("href", tab.href)
            if tab.isSelected { output.appendRaw(" aria-current=\"page\"") }
            if tab.requiresSignIn {
                // The name stays the label; the description says why it leads to the sign-in.
                output.appendRaw(" class=\"tab-locked\" aria-describedby=\"")
                output.appendRaw(Self.signInNoteID)
                output.appendRaw("\"")
                hasLocked = true
            }
            output.appendRaw(">")
            if let icon = tab.icon, !icon.isEmpty {
                output.appendRaw("<span class=\"tab-icon\" aria-hidden=\"true\">")
                output.appendEscapedText(icon)
                output.appendRaw("</span>")
            }
            output.appendRaw("<span class=\"tab-label\">")
            if tab.requiresSignIn { output.appendRaw("<span class=\"tab-lock\" aria-hidden=\"true\">🔒</span>") }
            output.appendEscapedText(tab.label)
            output.appendRaw("</span></a></li>")
        }
        output.appendRaw("</ul>")
        if hasLocked {
            output.appendRaw("<span id=\"")
            output.appendRaw(Self.signInNoteID)
            output.appendRaw("\" hidden>Sign-in required</span>")
        }
        output.appendRaw("</nav>\n")
    }

    private static func renderBase(_ layer: LayerModel, inert: Bool, into output: inout HTMLOutput) {
        output.appendRaw("<main id=\"main\" class=\"layer layer-base")
        output.classList(layer.classes)
        output.appendRaw("\"")
        output.attribute(Landmark.screen, layer.screenName)
        if inert { output.appendRaw(" inert") }
        output.appendRaw(">\n")
        renderBreadcrumb(layer.breadcrumb, into: &output)
        output.appendRaw("<div class=\"screen\">")
        layer.content.render(into: &output)
        output.appendRaw("</div>\n</main>\n")
    }

    private static func renderBreadcrumb(_ crumbs: [Crumb], into output: inout HTMLOutput) {
        if crumbs.isEmpty { return }
        output.appendRaw("<nav aria-label=\"")
        output.appendRaw(Landmark.breadcrumb)
        output.appendRaw("\" class=\"breadcrumb\"><ol>")
        for (index, crumb) in crumbs.enumerated() {
            if index == crumbs.count - 1 {
                output.appendRaw("<li aria-current=\"page\"><span>")
                output.appendEscapedText(crumb.label)
                output.appendRaw("</span></li>")
            } else {
                output.appendRaw("<li><a")
                output.urlAttribute("href", crumb.href)
                output.appendRaw(">")
                output.appendEscapedText(crumb.label)
                output.appendRaw("</a></li>")
            }
        }
        output.appendRaw("</ol></nav>\n")
    }

    private static func renderModal(_ modal: ModalLayer, depth: Int, inert: Bool, into output: inout HTMLOutput) {
        let titleID = "modal-\(depth)-title"
        output.appendRaw("<dialog open aria-modal=\"true\"")
        output.attribute(Landmark.screen, modal.layer.screenName)
        output.appendRaw(" class=\"modal")
        switch modal.style {
        case .sheet(detent: .large): output.appendRaw(" modal-sheet")
        case .sheet(detent: .medium): output.appendRaw(" modal-sheet modal-sheet-medium")
        case .fullScreenCover: output.appendRaw(" modal-full")
        case .centered: output.appendRaw(" modal-centered")
        }
        output.classList(modal.layer.classes)
        output.appendRaw("\"")
        output.attribute("aria-labelledby", titleID)
        output.attribute("data-depth", String(depth))
        output.urlAttribute(Landmark.dismissURL, modal.dismissHref)
        if inert { output.appendRaw(" inert") }
        output.appendRaw(">\n<div class=\"modal-bar\">")
        renderBreadcrumb(modal.layer.breadcrumb, into: &output)
        output.appendRaw("<h2")
        output.attribute("id", titleID)
        // With a stack, the breadcrumb shows the title; without one (a flow, a centered
        // card) the heading is the bar's title.
        if modal.layer.breadcrumb.isEmpty {
            output.appendRaw(" class=\"modal-title\">")
        } else {
            output.appendRaw(" class=\"visually-hidden\">")
        }
        output.appendEscapedText(modal.title)
        output.appendRaw("</h2><a rel=\"dismiss\" class=\"modal-close\"")
        output.urlAttribute("href", modal.dismissHref)
        output.appendRaw(" aria-label=\"Close\">✕</a></div>\n<div class=\"screen\">")
        modal.layer.content.render(into: &output)
        output.appendRaw("</div>\n</dialog>\n")
    }

    private static func renderAlert(
        _ alert: AlertModel, number: Int, csrfToken: String?, inert: Bool, into output: inout HTMLOutput
    ) {
        let prefix = "alert-\(number)"
        output.appendRaw("<dialog open role=\"alertdialog\" aria-modal=\"true\" class=\"alert")
        if alert.role == .confirmationDialog { output.appendRaw(" alert-confirmation") }
        output.appendRaw("\"")
        output.attribute("aria-labelledby", prefix + "-title")
        if alert.message != nil { output.attribute("aria-describedby", prefix + "-message") }
        output.urlAttribute(Landmark.dismissURL, alert.dismissHref)
        if inert { output.appendRaw(" inert") }
        output.appendRaw(">\n<h2")
        output.attribute("id", prefix + "-title")
        output.appendRaw(">")
        output.appendEscapedText(alert.title)
        output.appendRaw("</h2>")
        if let message = alert.message {
            output.appendRaw("<p")
            output.attribute("id", prefix + "-message")
            output.appendRaw(">")
            output.appendEscapedText(message)
            output.appendRaw("</p>")
        }
        output.appendRaw("\n")

        if let field = alert.textField {
            renderAlertForm(alert, field: field, fieldID: prefix + "-field", csrfToken: csrfToken, into: &output)
        } else {
            output.appendRaw("<div class=\"alert-actions\">")
            for action in alert.actions {
                switch action.kind {
                case .link(let href):
                    renderLinkAction(action, href: href, autofocus: action.role == .cancel, into: &output)
                case .post(let name, let formAction, let hiddenFields):
                    output.appendRaw("<form method=\"post\"")
                    output.urlAttribute("action", formAction)
                    output.appendRaw(">")
                    renderCSRF(csrfToken, into: &output)
                    renderHidden(hiddenFields, into: &output)
                    if action.value != nil { renderHidden([(ActionForm.actionField, name)], into: &output) }
                    renderSubmit(action, name: name, formAction: nil, into: &output)
                    output.appendRaw("</form>")
                }
            }
            output.appendRaw("</div>\n")
        }
        output.appendRaw("</dialog>\n")
    }

    /// An alert with a text field: one form holding the field and every post action's button
    /// (each with its own `formaction` when it differs from the form's), plus all hidden fields.
    private static func renderAlertForm(
        _ alert: AlertModel, field: AlertTextField, fieldID: String, csrfToken: String?, into output: inout HTMLOutput
    ) {
        var formAction: String?
        for action in alert.actions {
            if case .post(_, let url, _) = action.kind { formAction = url; break }
        }
        // One form holds every button, and only the pressed one is sent: valued buttons
        // send `_value`, so the form carries the first post button's `_action` for them all.
        var sharedAction: String?
        if alert.actions.contains(where: { $0.value != nil }) {
            for action in alert.actions {
                if case .post(let name, _, _) = action.kind { sharedAction = name; break }
            }
        }
        output.appendRaw("<form method=\"post\" class=\"alert-form\"")
        if let formAction { output.urlAttribute("action", formAction) }
        output.appendRaw(">")
        renderCSRF(csrfToken, into: &output)
        if let sharedAction { renderHidden([(ActionForm.actionField, sharedAction)], into: &output) }
        for action in alert.actions {
            if case .post(_, _, let hiddenFields) = action.kind { renderHidden(hiddenFields, into: &output) }
        }
        output.appendRaw("<div class=\"field\"><label")
        output.attribute("for", fieldID)
        output.appendRaw(">")
        output.appendEscapedText(field.label)
        output.appendRaw("</label><input type=\"text\"")
        output.attribute("id", fieldID)
        output.attribute("name", field.name)
        output.attribute("value", field.value)
        if let placeholder = field.placeholder { output.attribute("placeholder", placeholder) }
        output.appendRaw(" autofocus></div>\n<div class=\"alert-actions\">")
        for action in alert.actions {
            switch action.kind {
            case .link(let href):
                renderLinkAction(action, href: href, autofocus: false, into: &output)
            case .post(let name, let url, _):
                var submitter = action
                if sharedAction != nil && submitter.value == nil { submitter.value = "" }
                renderSubmit(submitter, name: name, formAction: url == formAction ? nil : url, into: &output)
            }
        }
        output.appendRaw("</div></form>\n")
    }

    /// A link button; the cancel one is the dismiss link and, without a text field, takes the
    /// initial focus (so Enter on a destructive alert does not confirm by accident).
    private static func renderLinkAction(_ action: AlertAction, href: String, autofocus: Bool, into output: inout HTMLOutput) {
        output.appendRaw("<a")
        output.buttonClass(action.role)
        output.urlAttribute("href", href)
        if action.role == .cancel { output.appendRaw(" rel=\"dismiss\"") }
        if autofocus { output.appendRaw(" autofocus") }
        output.appendRaw(">")
        output.appendEscapedText(action.label)
        output.appendRaw("</a>")
    }

    private static func renderSubmit(_ action: AlertAction, name: String, formAction: String?, into output: inout HTMLOutput) {
        output.appendRaw("<button type=\"submit\"")
        output.buttonClass(action.role)
        if let value = action.value {
            output.appendRaw(" name=\"_value\"")
            output.attribute("value", value)
        } else {
            output.appendRaw(" name=\"_action\"")
            output.attribute("value", name)
        }
        if let formAction { output.urlAttribute("formaction", formAction) }
        output.appendRaw(">")
        output.appendEscapedText(action.label)
        output.appendRaw("</button>")
    }

    private static func renderCSRF(_ token: String?, into output: inout HTMLOutput) {
        guard let token else { return }
        output.appendRaw("<input type=\"hidden\" name=\"_csrf\"")
        output.attribute("value", token)
        output.appendRaw(">")
    }

    private static func renderHidden(_ fields: [(String, String)], into output: inout HTMLOutput) {
        for (name, value) in fields {
            output.appendRaw("<input type=\"hidden\"")
            output.attribute("name", name)
            output.attribute("value", value)
            output.appendRaw(">")
        }
    }
}

extension HTMLOutput {
    /// ` name="escaped value"`.
    mutating func attribute(_ name: StaticString, _ value: String) {
        appendRaw(" ")
        appendRaw(name)
        appendRaw("=\"")
        appendEscapedAttribute(value)
        appendRaw("\"")
    }

    /// ` name="escaped value"` after refusing script/data URLs.
    mutating func urlAttribute(_ name: StaticString, _ url: String) {
        attribute(name, URLAttributeSanitizer.sanitize(url, allowImageData: false))
    }

    /// Each class name, escaped and preceded by a space.
    fileprivate mutating func classList(_ classes: [String]) {
        for name in classes where !name.isEmpty {
            appendRaw(" ")
            appendEscapedAttribute(name)
        }
    }

    /// ` class="button …"` for an alert action's role.
    fileprivate mutating func buttonClass(_ role: AlertAction.Role) {
        switch role {
        case .default: appendRaw(" class=\"button\"")
        case .cancel: appendRaw(" class=\"button button-cancel\"")
        case .destructive: appendRaw(" class=\"button button-destructive\"")
        }
    }
}
