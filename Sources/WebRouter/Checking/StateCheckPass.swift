import Foundation
import WebRouterHTTP
import WebRouterHTML

/// One walk of the state check as one viewer (signed out, or signed in): its cookies, the
/// states met breadth-first from the roots with their click paths, the findings.
final class StateCheckPass {
    /// A state met: its URL, where it came from, and what the walk learnt there.
    struct Visit {
        var url: String
        var node: Int
        /// The visit it was reached from and the link's name; `nil` for a root or a declared state.
        var parent: Int?
        var label: String
        var reachedByClicks: Bool
        var screen: String = ""
        var status: Int = 0
    }

    /// A response after redirects.
    struct Fetched {
        var url: String
        var status: Int
        var body: String
        var isHTML: Bool
    }

    let viewer: String
    unowned let checker: StateChecker
    var cookies: [String: String] = [:]
    var visits: [Visit] = []
    var visitByURL: [String: Int] = [:]
    var countByKey: [String: Int] = [:]
    var moves: Set<String> = []
    var findings: [StateCheckReport.Finding] = []
    /// The status each URL answered (after redirects), so a link met on many pages is asked once.
    var linkStatus: [String: Int] = [:]
    /// Failing link targets already reported: a link on many pages (the screen under a modal)
    /// is reported once, on the first page the walk met it.
    var reportedLinks: Set<String> = []
    /// The safe POST actions posted so far (action URL and name): each once per walk.
    var posted: Set<String> = []

    init(viewer: String, checker: StateChecker) {
        self.viewer = viewer
        self.checker = checker
    }

    var cookieHeader: String? {
        cookies.isEmpty ? nil : cookies.keys.sorted().map { "\($0)=\(cookies[$0]!)" }.joined(separator: "; ")
    }

    // MARK: - Requests

    func fetch(_ url: String, accept: String = "text/html") async -> Fetched {
        var url = url
        for _ in 0...10 {
            let response = await checker.send(.get, url, accept: accept, cookies: cookieHeader)
            apply(response.headers)
            let code = response.status.code
            if (300..<400).contains(code), code != 304, let location = response.headers["Location"] {
                url = Self.resolve(location, against: url)
                continue
            }
            let type = response.headers["Content-Type"] ?? ""
            return Fetched(url: url, status: code, body: String(decoding: response.body, as: UTF8.self), isHTML: type.hasPrefix("text/html"))
        }
        return Fetched(url: url, status: 310, body: "", isHTML: false)
    }

    func apply(_ headers: HTTPHeaders) {
        for header in headers.values(for: "Set-Cookie") {
            let parts = header.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let pair = parts.first, let equals = pair.firstIndex(of: "=") else { continue }
            let name = String(pair[..<equals]), value = String(pair[pair.index(after: equals)...])
            let expired = parts.dropFirst().contains { $0.lowercased() == "max-age=0" }
            cookies[name] = expired || value.isEmpty ? nil : value
        }
    }

    /// Signs in with the options' form; a sentence saying why when it does not work.
    func signIn(_ signIn: StateCheckOptions.SignIn) async -> String? {
        let page = await fetch(signIn.page)
        guard page.status == 200, page.isHTML else { return "the sign-in page \(signIn.page) answered \(page.status)" }
        let document = HTMLNode.parse(page.body)
        let forms = document.all("form").filter { ($0["method"] ?? "get").lowercased() == "post" }
        guard let form = forms.first(where: { form in
            signIn.fields.keys.allSatisfy { key in Self.fields(of: form).contains { $0["name"] == key || $0.accessibleName == key } }
        }) else { return "no form on \(signIn.page) has the fields \(signIn.fields.keys.sorted().joined(separator: ", "))" }
        var pairs: [(String, String)] = []
        for field in Self.fields(of: form) {
            guard let name = field["name"], field["disabled"] == nil else { continue }
            if let value = signIn.fields[name] ?? signIn.fields[field.accessibleName] {
                pairs.append((name, value))
            } else if field.tag == "input" {
                let type = field.inputType
                if (type == "checkbox" || type == "radio") && field["checked"] == nil { continue }
                pairs.append((name, field["value"] ?? ""))
            }
        }
        if let button = form.all("button").first(where: { $0.isSubmitButton }), let name = button["name"] {
            pairs.append((name, button["value"] ?? ""))
        }
        let action = Self.resolve(form["action"] ?? page.url, against: page.url)
        let response = await checker.send(.post, action, accept: "text/html", cookies: cookieHeader, body: Array(QueryItems(pairs).encoded.utf8))
        apply(response.headers)
        guard (300..<400).contains(response.status.code) else {
            return "signing in at \(signIn.page) answered \(response.status.code), not a redirect"
        }
        return nil
    }

    static func fields(of form: HTMLNode) -> [HTMLNode] {
        form.all { ["input", "select", "textarea"].contains($0.tag) }
    }

    /// Resolves a link against the URL of the page it is on; `nil` for another origin, a
    /// fragment, a scheme (`mailto:`) or the framework's own files.
    static func sameOrigin(_ href: String, on page: String) -> String? {
        var href = href
        if let hash = href.firstIndex(of: "#") { href = String(href[..<hash]) }
        if href.isEmpty || href.hasPrefix("//") || href.contains(":") && !href.hasPrefix("/") && !href.hasPrefix("?") { return nil }
        let url = resolve(href, against: page)
        if url.hasPrefix("/_webrouter/") { return nil }
        return url
    }

    static func resolve(_ href: String, against base: String) -> String {
        var href = href
        if href.hasPrefix("http://") || href.hasPrefix("https://"), let url = URL(string: href) {
            href = (url.path.isEmpty ? "/" : url.path) + (url.query.map { "?" + $0 } ?? "")
        }
        if href.hasPrefix("/") { return href }
        let basePath = base.split(separator: "?", maxSplits: 1).first.map(String.init) ?? base
        if href.hasPrefix("?") { return basePath + href }
        if href.isEmpty { return base }
        let directory = basePath.hasSuffix("/") ? basePath : String(basePath[...(basePath.lastIndex(of: "/") ?? basePath.startIndex)])
        return directory + href
    }

    func curl(_ url: String) -> String {
        let origin = checker.options.origin
        let quoted = "'" + (origin + url).replacingOccurrences(of: "'", with: "'\\''") + "'"
        return viewer == "signed in"
            ? "curl -i -b cookies.txt \(quoted)   # cookies.txt: a session signed in at \(checker.options.signIn?.page ?? "the sign-in")"
            : "curl -i \(quoted)"
    }

    func clickPath(_ index: Int) -> [StateCheckReport.Step] {
        guard visits[index].reachedByClicks else { return [] }
        var steps: [StateCheckReport.Step] = []
        var current: Int? = index
        while let at = current {
            steps.append(StateCheckReport.Step(label: visits[at].parent == nil ? "root" : visits[at].label, url: visits[at].url))
            current = visits[at].parent
        }
        return steps.reversed()
    }

    func report(_ problem: String, at index: Int) {
        let visit = visits[index]
        findings.append(StateCheckReport.Finding(
            screen: visit.screen.isEmpty ? checker.table.nodes[visit.node].screenName : visit.screen,
            url: visit.url, viewer: viewer, problem: problem, clickPath: clickPath(index), curl: curl(visit.url)))
    }

    // MARK: - The walk

    /// Adds a state unless met (or its screen's cap is full); its index, or `nil`.
    @discardableResult
    func add(_ url: String, parent: Int?, label: String, byClicks: Bool, capped: Bool = true) -> Int? {
        if let known = visitByURL[url] { return known }
        guard let place = checker.placeKey(of: url) else { return nil }
        let count = countByKey[place.key, default: 0]
        if capped && count >= checker.options.capPerScreen { return nil }
        countByKey[place.key] = count + 1
        visits.append(Visit(url: url, node: place.node, parent: parent, label: label, reachedByClicks: byClicks))
        visitByURL[url] = visits.count - 1
        return visits.count - 1
    }

    /// Breadth-first from the roots through links and GET forms.
    func walk() async {
        let table = checker.table
        for roots in table.caseRoots {
            for root in roots {
                if let entry = checker.declared.first(where: { $0.node == root }) { add(entry.typeExample, parent: nil, label: "root", byClicks: true) }
            }
        }
        var next = 0
        while next < visits.count {
            await visit(next)
            next += 1
        }
    }

    /// The nodes some click of this walk reached.
    var reachedNodes: Set<Int> { Set(visits.filter(\.reachedByClicks).map(\.node)) }

    /// The declared states: the app's examples of every screen (``ScreenExamples``), and the
    /// type example of each screen no click of any walk reached (`reachedAnywhere`), reported
    /// by the walk that could have reached it: a screen behind sign-in by the signed-in walk
    /// (when there is one), any other by the signed-out walk. A universal transition no screen
    /// links to is not reported: every screen has it, whether it shows a link or not.
    func visitDeclared(reachedAnywhere: Set<Int>, hasSignedInWalk: Bool) async {
        let table = checker.table
        for entry in checker.declared {
            var urls = entry.urls
            let node = table.nodes[entry.node]
            let unreached = !reachedAnywhere.contains(entry.node) && !node.declaration.hasPrefix("universal")
            let protected = checker.needsSignIn(entry.typeExample)
            let ours = protected ? (viewer == "signed in" || !hasSignedInWalk) : viewer == "signed out"
            if unreached && ours { urls.append(entry.typeExample) }
            if protected && viewer == "signed out" && hasSignedInWalk { urls = [] }
            for url in urls where visitByURL[url] == nil {
                guard let index = add(url, parent: nil, label: "declared", byClicks: false, capped: false) else { continue }
                await visit(index)
                if unreached && url == entry.typeExample { reportUnreached(index) }
            }
        }
    }

    /// A declared state no click reaches, with the nearest state some click does reach.
    func reportUnreached(_ index: Int) {
        let table = checker.table
        var ancestor = table.nodes[visits[index].node].parent
        var nearest: Visit?
        while let node = ancestor, nearest == nil {
            nearest = visits.first { $0.reachedByClicks && $0.node == node }
            ancestor = table.nodes[node].parent
        }
        let near = nearest.map { "\($0.url) (\(table.nodes[$0.node].screenName))" } ?? "none"
        report("no click reaches this state; the nearest state clicks reach is \(near)", at: index)
    }

    var reportStates: [StateCheckReport.State] {
        visits.indices.map { index in
            let visit = visits[index]
            return StateCheckReport.State(url: visit.url, screen: visit.screen, viewer: viewer, status: visit.status,
                                          clickPath: visit.reachedByClicks ? clickPath(index) : nil)
        }
    }

    /// Requests one state, checks its page, and adds the states its links and GET forms lead to.
    func visit(_ index: Int) async {
        let url = visits[index].url
        let page = await fetch(url)
        visits[index].status = page.status
        linkStatus[url] = page.status
        guard page.isHTML else {
            visits[index].screen = checker.table.nodes[visits[index].node].screenName
            report("answers \(page.status) without a page", at: index)
            return
        }
        let document = HTMLNode.parse(page.body)
        visits[index].screen = checker.table.nodes[visits[index].node].screenName
        if page.status != 200 {
            report("answers \(page.status)" + (page.url != url ? " (after a redirect to \(page.url))" : ""), at: index)
            return
        }
        let audit = PageAudit(document: document, url: page.url, requested: url, table: checker.table,
                              signedOut: viewer == "signed out")
        for problem in audit.problems() { report(problem, at: index) }
        if checker.options.comparesPageState {
            let json = await fetch(url, accept: "application/json")
            if let problem = audit.comparePageState(json: json.body, status: json.status) { report(problem, at: index) }
        }
        // Moves: links, then GET forms, in document order; POST forms' actions must answer too.
        var targets: [(label: String, url: String, isMove: Bool)] = []
        for link in audit.links {
            guard let href = link["href"], let target = Self.sameOrigin(href, on: page.url) else { continue }
            targets.append((link.accessibleName, target, true))
        }
        for form in audit.forms {
            let method = (form["method"] ?? "get").lowercased()
            guard let target = Self.sameOrigin(form["action"] ?? page.url, on: page.url) else { continue }
            let button = form.all { $0.isSubmitButton }.first?.accessibleName ?? "submit"
            if method == "get" {
                let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
                let values = Self.defaultValues(of: form)
                let query = QueryItems(values).encoded
                targets.append(("form “\(button)”", query.isEmpty ? path : path + "?" + query, true))
                // The same form with each of the options' example inputs, as a person typing would send it.
                let input = checker.options.exampleInput
                let typedCount = values.compactMap { input[$0.0]?.count }.max() ?? 0
                for round in 0..<typedCount {
                    let typed = values.map { pair in (pair.0, input[pair.0].map { $0[min(round, $0.count - 1)] } ?? pair.1) }
                    let labels = values.compactMap { pair in input[pair.0].map { $0[min(round, $0.count - 1)] } }.joined(separator: ", ")
                    targets.append(("form “\(button)” with “\(labels)”", path + "?" + QueryItems(typed).encoded, true))
                }
            } else {
                targets.append(("form “\(button)” (its action)", target, false))
                if let posted = await postSafeAction(form, to: target, button: button, at: index) {
                    targets.append(("form “\(button)” posted", posted, true))
                }
            }
        }
        for target in targets {
            if target.isMove, let added = add(target.url, parent: index, label: target.label, byClicks: true) {
                if added != index { moves.insert("\(index)→\(added)") }
                continue
            }
            let status: Int
            if let known = linkStatus[target.url] {
                status = known
            } else {
                status = await fetch(target.url).status
                linkStatus[target.url] = status
            }
            if status >= 400 && visitByURL[target.url] == nil && reportedLinks.insert(target.url).inserted {
                report("the link “\(target.label)” to \(target.url) answers \(status)", at: index)
            }
        }
    }

    /// Posts a form the options mark safe (``StateCheckOptions/SafeAction``), once per walk,
    /// with its example input; the URL its redirect leads to, or `nil` (not safe, posted
    /// before, or no redirect: a `4xx`/`5xx` is reported).
    func postSafeAction(_ form: HTMLNode, to target: String, button: String, at index: Int) async -> String? {
        let action = Self.fields(of: form).first { $0["name"] == ActionForm.actionField }?["value"] ?? ""
        guard let node = checker.placeKey(of: target)?.node,
              let safe = checker.options.safeActions.first(where: { $0.screen == checker.table.nodes[node].screenName && $0.action == action }),
              posted.insert(target + "\u{0}" + action).inserted else { return nil }
        var pairs: [(String, String)] = []
        for field in Self.fields(of: form) {
            guard let name = field["name"], !name.isEmpty, field["disabled"] == nil else { continue }
            if let value = safe.input[name] ?? safe.input[field.accessibleName] {
                pairs.append((name, value))
            } else if let value = Self.defaultValues(ofField: field) {
                pairs.append((name, value))
            }
        }
        if let submit = form.all(where: { $0.isSubmitButton }).first, let name = submit["name"] {
            pairs.append((name, submit["value"] ?? ""))
        }
        let response = await checker.send(.post, target, accept: "text/html", cookies: cookieHeader, body: Array(QueryItems(pairs).encoded.utf8))
        apply(response.headers)
        let code = response.status.code
        if (300..<400).contains(code), let location = response.headers["Location"] {
            return Self.sameOrigin(location, on: target)
        }
        if code >= 400 {
            report("posting the form “\(button)” (\(safe.screen).\(action), marked safe) with its example input answers \(code)", at: index)
        }
        return nil
    }

    /// What a browser sends for one field of a form left as it is (`nil`: nothing).
    static func defaultValues(ofField field: HTMLNode) -> String? {
        switch field.tag {
        case "select":
            let options = field.all("option")
            return (options.first(where: { $0["selected"] != nil }) ?? options.first).map { $0["value"] ?? $0.text }
        case "textarea":
            return field.text
        default:
            let type = field.inputType
            if ["submit", "button", "reset", "image", "file"].contains(type) { return nil }
            if (type == "checkbox" || type == "radio") && field["checked"] == nil { return nil }
            return field["value"] ?? (type == "checkbox" || type == "radio" ? "on" : "")
        }
    }

    /// What a browser sends for a GET form left as it is.
    static func defaultValues(of form: HTMLNode) -> [(String, String)] {
        var pairs: [(String, String)] = []
        for field in fields(of: form) {
            guard let name = field["name"], !name.isEmpty, field["disabled"] == nil else { continue }
            switch field.tag {
            case "select":
                let options = field.all("option")
                if let chosen = options.first(where: { $0["selected"] != nil }) ?? options.first {
                    pairs.append((name, chosen["value"] ?? chosen.text))
                }
            case "textarea":
                pairs.append((name, field.text))
            default:
                let type = field.inputType
                if ["submit", "button", "reset", "image", "file"].contains(type) { continue }
                if (type == "checkbox" || type == "radio") && field["checked"] == nil { continue }
                pairs.append((name, field["value"] ?? (type == "checkbox" || type == "radio" ? "on" : "")))
            }
        }
        return pairs
    }
}
