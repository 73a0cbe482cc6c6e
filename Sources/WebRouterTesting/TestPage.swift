import WebRouter

/// A response as a test reads it: status, headers and body, and the landmarks of its HTML —
/// the screen, the tab bar, every breadcrumb, the modal layers and alerts, links and forms.
///
/// ```swift
/// let page = try await client.get("/feed/tournament/5/match/12")
/// #expect(page.screen == "Match")
/// #expect(page.tabBar?.selected == "Feed")
/// #expect(page.breadcrumbs.first?.labels == ["Feed", "Tournament 5", "Match 12"])
/// try page.expect(screen: "Match", selectedTab: "Feed")   // throws a message with the URL and status
/// ```
public struct TestPage: Sendable {
    /// The method of the request that produced this page (after redirects, `GET`).
    public let method: String
    /// The URL of that request: path and query.
    public let url: String
    /// The response's status.
    public let status: HTTPStatus
    /// The response's headers.
    public let headers: HTTPHeaders
    /// The response's body bytes (see ``text``).
    public let body: [UInt8]
    /// The redirects followed to get here: status and `Location` of each.
    public let redirects: [(status: Int, location: String)]
    /// The parsed HTML.
    public let document: HTMLNode

    init(method: String, url: String, response: HTTPResponse, redirects: [(status: Int, location: String)]) {
        self.method = method
        self.url = url
        self.status = response.status
        self.headers = response.headers
        self.body = response.body
        self.redirects = redirects
        let isHTML = response.headers["Content-Type"]?.hasPrefix("text/html") ?? false
        self.document = HTMLTreeParser.parse(isHTML ? String(decoding: response.body, as: UTF8.self) : "")
    }

    /// The body as text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// `Location` of a redirect that was not followed.
    public var location: String? { headers["Location"] }

    // MARK: - Landmarks

    /// `<body data-screen>`: the topmost visible screen.
    public var screen: String? { document.first { $0.tag == "body" }?["data-screen"] }

    /// The page's `<title>`.
    public var title: String? { document.first { $0.tag == "title" }?.text }

    /// The screen under the modal layers (`<main data-screen>`).
    public var baseScreen: String? { document.first { $0.tag == "main" }?["data-screen"] }

    /// The tab bar, if the page has one.
    public var tabBar: TabBar? {
        guard let nav = document.first(where: { $0.tag == "nav" && $0["aria-label"] == "Tabs" }) else { return nil }
        let anchors = nav.all("a", "href")
        let tabs = anchors.map { PageLink(text: $0.text, href: $0["href"] ?? "", rel: $0["rel"]) }
        let selected = anchors.first { $0["aria-current"] == "page" }?.text
        return TabBar(tabs: tabs, selected: selected)
    }

    /// Every breadcrumb in document order: the base stack's first, then each modal's.
    public var breadcrumbs: [Breadcrumb] {
        document.all { $0.tag == "nav" && $0["aria-label"] == "Breadcrumb" }.map(Self.breadcrumb)
    }

    /// The breadcrumb of the topmost layer.
    public var topBreadcrumb: Breadcrumb? {
        if let modal = modalNodes.last {
            return modal.first { $0.tag == "nav" && $0["aria-label"] == "Breadcrumb" }.map(Self.breadcrumb)
        }
        return document.first { $0.tag == "main" }?.first { $0.tag == "nav" && $0["aria-label"] == "Breadcrumb" }
            .map(Self.breadcrumb)
    }

    /// The modal layers, bottom to top.
    public var modals: [ModalLayerInfo] {
        modalNodes.map { dialog in
            ModalLayerInfo(
                screen: dialog["data-screen"] ?? "",
                dismissHref: dialog.first { $0.tag == "a" && $0["rel"] == "dismiss" }?["href"],
                breadcrumb: dialog.first { $0.tag == "nav" && $0["aria-label"] == "Breadcrumb" }.map(Self.breadcrumb),
                classes: (dialog["class"] ?? "").split(separator: " ").map(String.init))
        }
    }

    /// The alert and confirmation dialogs, bottom to top.
    public var alerts: [AlertInfo] {
        document.all { $0.tag == "dialog" && $0["role"] == "alertdialog" }.map { dialog in
            let heading = dialog.first { ["h1", "h2", "h3"].contains($0.tag) }
            let message = dialog.first { $0.tag == "p" }
            let actions = dialog.all { ($0.tag == "a" && $0["href"] != nil) || $0.tag == "button" }.map(\.text)
            return AlertInfo(title: heading?.text ?? "", message: message?.text, actions: actions,
                             dismissHref: dialog.first { $0.tag == "a" && $0["rel"] == "dismiss" }?["href"] ?? dialog["data-dismiss"])
        }
    }

    /// The URLs of the page's stylesheets (`<link rel="stylesheet">`), in order: the
    /// framework's own first, then the layout's.
    public var stylesheets: [String] {
        document.all("link", "href").filter { $0["rel"] == "stylesheet" }.compactMap { $0["href"] }
    }

    /// The URLs of the page's scripts (`<script src>`), in order.
    public var scripts: [String] {
        document.all("script", "src").compactMap { $0["src"] }
    }

    /// Every link, in document order.
    public var links: [PageLink] {
        document.all("a", "href").map { PageLink(text: $0.text, href: $0["href"] ?? "", rel: $0["rel"]) }
    }

    /// Every form, in document order.
    public var forms: [PageForm] {
        document.all("form").map { form in
            var fields: [(name: String, value: String)] = []
            var actionName: String?
            var submitter: (name: String, value: String)?
            for element in form.descendants {
                guard let name = element["name"] else { continue }
                switch element.tag {
                case "input":
                    let type = (element["type"] ?? "text").lowercased()
                    if type == "submit" || type == "button" { continue }
                    if (type == "checkbox" || type == "radio") && element["checked"] == nil { continue }
                    let value = element["value"] ?? (type == "checkbox" ? "on" : "")
                    if name == "_action" { actionName = value }
                    fields.append((name, value))
                case "textarea":
                    fields.append((name, element.text))
                case "select":
                    let options = element.all("option")
                    let chosen = options.first { $0["selected"] != nil } ?? options.first
                    fields.append((name, chosen.map { $0["value"] ?? $0.text } ?? ""))
                case "button":
                    if name == "_action", actionName == nil {
                        actionName = element["value"]
                        submitter = (name, element["value"] ?? "")
                    }
                default:
                    continue
                }
            }
            return PageForm(action: form["action"] ?? url, method: (form["method"] ?? "get").lowercased(),
                            actionName: actionName, fields: fields, submitter: submitter)
        }
    }

    // MARK: - Finding

    /// The link whose text is `text` (exactly, else the only one containing it).
    public func link(_ text: String) throws(PageExpectationFailure) -> PageLink {
        let all = links
        if let exact = all.first(where: { $0.text == text }) { return exact }
        let containing = all.filter { $0.text.contains(text) }
        if containing.count == 1 { return containing[0] }
        throw failure("no link \"\(text)\"", found: containing.isEmpty
            ? "links: " + all.prefix(30).map(\.description).joined(separator: ", ")
            : "several links contain it: " + containing.map(\.description).joined(separator: ", "))
    }

    /// The form that runs a screen action (by its action name).
    public func form(_ actionName: String) throws(PageExpectationFailure) -> PageForm {
        if let form = forms.first(where: { $0.actionName == actionName }) { return form }
        throw failure("no form for action \"\(actionName)\"", found: "forms: " + forms.map { "\($0.actionName ?? "-") → \($0.action)" }.joined(separator: ", "))
    }

    // MARK: - Expectations with clear messages

    /// Checks landmarks at once; the error names the URL, the status and what differed.
    public func expect(
        status expectedStatus: Int? = 200, screen expectedScreen: String? = nil, selectedTab: String? = nil,
        breadcrumb: [String]? = nil, modals expectedModals: [String]? = nil
    ) throws(PageExpectationFailure) {
        if let expectedStatus, status.code != expectedStatus {
            throw failure("expected status \(expectedStatus)", found: "status \(status.code)")
        }
        if let expectedScreen, screen != expectedScreen {
            throw failure("expected screen \"\(expectedScreen)\"", found: "screen \(screen.map { "\"\($0)\"" } ?? "none")")
        }
        if let selectedTab, tabBar?.selected != selectedTab {
            throw failure("expected selected tab \"\(selectedTab)\"", found: "selected tab \(tabBar?.selected ?? "none")")
        }
        if let breadcrumb, topBreadcrumb?.labels != breadcrumb {
            throw failure("expected breadcrumb \(breadcrumb.joined(separator: " › "))", found: "breadcrumb \(topBreadcrumb?.description ?? "none")")
        }
        if let expectedModals, modals.map(\.screen) != expectedModals {
            throw failure("expected modals \(expectedModals)", found: "modals \(modals.map(\.screen))")
        }
    }

    func failure(_ expectation: String, found: String) -> PageExpectationFailure {
        PageExpectationFailure(method: method, url: url, status: status.code, expectation: expectation, found: found)
    }

    private var modalNodes: [HTMLNode] {
        document.all { $0.tag == "dialog" && $0["aria-modal"] == "true" && $0["role"] != "alertdialog" }
    }

    static func breadcrumb(_ nav: HTMLNode) -> Breadcrumb {
        Breadcrumb(items: nav.all("li").map { item in
            let anchor = item.first { $0.tag == "a" }
            return Breadcrumb.Item(label: item.text, href: item["aria-current"] == "page" ? nil : anchor?["href"])
        })
    }
}

/// A landmark that differs from what a test expected, with the request that showed it:
/// `GET /feed/match/12 → 404: expected screen "Match", found screen "Error"`.
public struct PageExpectationFailure: Error, CustomStringConvertible, Sendable {
    /// The request's method (`GET`, `POST`).
    public let method: String
    /// The request's URL.
    public let url: String
    /// The response's status code.
    public let status: Int
    /// What the test expected (`expected screen "Match"`).
    public let expectation: String
    /// What the page showed instead (`screen "Error"`).
    public let found: String
    public var description: String { "\(method) \(url) → \(status): \(expectation), found \(found)" }
}
