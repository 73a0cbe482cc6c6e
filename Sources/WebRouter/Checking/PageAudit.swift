import Foundation
import WebRouterHTML

/// The checks of one page of the state check: landmarks, names, labels, ids, images, and the
/// JSON page state against the HTML. Each problem is a sentence a person acts on.
struct PageAudit {
    let document: HTMLNode
    /// The URL the page answered at, and the one asked for.
    let url: String
    let requested: String
    let table: RouteTable
    let signedOut: Bool
    /// Visible links and forms, in document order.
    let links: [HTMLNode]
    let forms: [HTMLNode]

    init(document: HTMLNode, url: String, requested: String, table: RouteTable, signedOut: Bool) {
        self.document = document
        self.url = url
        self.requested = requested
        self.table = table
        self.signedOut = signedOut
        links = document.all { ($0.tag == "a" || $0.tag == "area") && $0["href"] != nil && !$0.isHidden }
        forms = document.all { $0.tag == "form" && !$0.isHidden }
    }

    static func path(_ url: String) -> String { url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url }

    func problems() -> [String] {
        var problems: [String] = []
        let state = table.parse(path: url)
        let protected = signedOut && (state?.steps.contains { table.nodes[$0.node].access.requiresSignIn } ?? false)
        // Landmarks.
        let title = document.first { $0.tag == "title" }?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if title.isEmpty { problems.append("the page has no <title>") }
        if document.first(where: { $0.tag == "body" })?["data-screen"] == nil { problems.append("<body> has no data-screen") }
        if !document.descendants.contains(where: { $0.tag == "h1" && !$0.isHidden }) { problems.append("the page has no visible h1") }
        if let state, let last = state.steps.last, !protected {
            let node = table.nodes[last.node]
            if node.inNavigationStack && !document.descendants.contains(where: { $0.tag == "nav" && $0["aria-label"] == "Breadcrumb" }) {
                problems.append("the screen is in a navigation stack but the page has no breadcrumb")
            }
            if case .tab = table.nodes[state.steps[0].node].kind {
                let bar = document.first { $0.tag == "nav" && $0["aria-label"] == "Tabs" }
                if bar == nil {
                    problems.append("the page has no tab bar")
                } else if bar!.all("a").filter({ $0["aria-current"] == "page" }).count != 1 {
                    problems.append("the tab bar marks \(bar!.all("a").filter { $0["aria-current"] == "page" }.count) tabs as current, not one")
                }
            }
            // The topmost modal layer: a dialog whose dismiss link leads to the URL without it.
            let path = Self.path(url)
            if let range = path.range(of: "/~", options: .backwards) {
                let dialogs = document.all { $0.tag == "dialog" && $0["open"] != nil && $0["data-screen"] != nil && $0["role"] != "alertdialog" }
                if let dialog = dialogs.last {
                    let expected = path[..<range.lowerBound].isEmpty ? "/" : String(path[..<range.lowerBound])
                    let dismissLinks = dialog.all { $0.tag == "a" && ($0["rel"] ?? "").split(separator: " ").contains("dismiss") }
                    if dismissLinks.isEmpty { problems.append("the dialog has no dismiss link (rel=\"dismiss\")") }
                    for link in dismissLinks {
                        let href = link["href"] ?? ""
                        if Self.path(StateCheckPass.resolve(href, against: url)) != expected {
                            problems.append("the dialog’s dismiss link “\(link.accessibleName)” leads to \(href), not to \(expected) (the URL without the layer)")
                        }
                    }
                } else {
                    problems.append("the URL opens a modal layer but the page has no open dialog")
                }
            }
        }
        // Names, labels, ids, images.
        for link in links where link.accessibleName.isEmpty {
            problems.append("a link to \(link["href"] ?? "") has no accessible name")
        }
        let buttons = document.all { element in
            !element.isHidden && (element.tag == "button"
                || (element.tag == "input" && ["submit", "button", "reset"].contains(element.inputType)))
        }
        for button in buttons where button.accessibleName.isEmpty {
            problems.append("a button\(button["name"].map { " (name=\($0))" } ?? "") has no accessible name")
        }
        let fields = document.all { element in
            !element.isHidden && (element.tag == "select" || element.tag == "textarea"
                || (element.tag == "input" && !["hidden", "submit", "button", "reset", "image"].contains(element.inputType)))
        }
        for field in fields where field.accessibleName.isEmpty {
            problems.append("the field \(field["name"].map { "“\($0)”" } ?? "<\(field.tag)>") has no label")
        }
        var seen: Set<String> = [], reported: Set<String> = []
        for element in document.descendants {
            guard let id = element["id"] else { continue }
            if !seen.insert(id).inserted && reported.insert(id).inserted { problems.append("the id “\(id)” is used more than once") }
        }
        for image in document.all("img") where image["alt"] == nil {
            problems.append("the image \(image["src"] ?? "") has no alt attribute")
        }
        return problems
    }

    /// The JSON page state of the same URL against the page read from the HTML: screen,
    /// title, tabs, layers, links and forms must agree.
    func comparePageState(json: String, status: Int) -> String? {
        guard status == 200 else { return "its JSON page state answers \(status)" }
        guard let served = try? JSONDecoder().decode(PageState.self, from: Data(json.utf8)) else {
            return "its JSON page state does not decode as a PageState"
        }
        let read = PageState(document: document, status: 200, url: url)
        var differences: [String] = []
        if served.screen != read.screen { differences.append("screen \(served.screen ?? "nil") ≠ \(read.screen ?? "nil")") }
        if served.title != read.title { differences.append("title “\(served.title)” ≠ “\(read.title)”") }
        if served.tabs.map(\.label) != read.tabs.map(\.label) { differences.append("tabs differ") }
        if served.layers.count != read.layers.count { differences.append("\(served.layers.count) layers ≠ \(read.layers.count)") }
        if served.links.map(\.href) != read.links.map(\.href) { differences.append("links differ") }
        if served.forms.map(\.action) != read.forms.map(\.action) { differences.append("form actions differ") }
        return differences.isEmpty ? nil : "its JSON page state disagrees with the HTML: " + differences.joined(separator: "; ")
    }
}
