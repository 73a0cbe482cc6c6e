import Foundation
import Logging
@_spi(WebRouterInternals) import WebRouterHTTP
import WebRouterHTML

/// The engine of the state check, shared by the test kit (`app.checkEveryState()`) and the
/// `check` command: enumerates the states of the tree, finds the shortest click path from a
/// root to each, requests each through the server's own pipeline (no socket) and checks what
/// a person and a screen reader meet there. See <doc:CheckingEveryState>.
///
/// Deterministic: roots in tree order, links in document order, a breadth-first walk capped
/// per screen and kind of query, so two runs visit the same states in the same order.
package final class StateChecker {
    let app: Application
    let options: StateCheckOptions
    let pipeline: RequestPipeline
    var table: RouteTable { app.table }
    /// Each node's declared URLs and type example, in tree order.
    private(set) lazy var declared = declaredURLs()
    /// Each viewer's `Cookie` header at the end of its walk (`signed in`: the session the
    /// contact sheet's browser shows protected screens with); filled by ``run()``.
    private(set) var cookieHeaders: [String: String] = [:]

    package init(app: Application, options: StateCheckOptions) {
        self.app = app
        self.options = options
        var configuration = ServerConfiguration(port: 0)
        configuration.threadCount = 1
        pipeline = RequestPipeline(
            responder: app, configuration: configuration,
            accessLog: AccessLog(logger: Logger(label: "webrouter.check"), enabled: false))
    }

    /// Runs the check signed out, then signed in when the options say how.
    package func run() async -> StateCheckReport {
        let start = ContinuousClock.now
        var states: [StateCheckReport.State] = []
        var findings: [StateCheckReport.Finding] = []
        var moves = 0
        var passes = [StateCheckPass(viewer: "signed out", checker: self)]
        if options.signIn != nil { passes.append(StateCheckPass(viewer: "signed in", checker: self)) }
        var walked: [StateCheckPass] = []
        for pass in passes {
            if pass.viewer == "signed in", let signIn = options.signIn {
                if let problem = await pass.signIn(signIn) {
                    findings.append(StateCheckReport.Finding(
                        screen: "(sign-in)", url: signIn.page, viewer: pass.viewer, problem: problem,
                        clickPath: [], curl: pass.curl(signIn.page)))
                    continue
                }
            }
            await pass.walk()
            walked.append(pass)
        }
        let reached = walked.reduce(into: Set<Int>()) { $0.formUnion($1.reachedNodes) }
        for pass in walked {
            await pass.visitDeclared(reachedAnywhere: reached, hasSignedInWalk: walked.count > 1)
            if let header = pass.cookieHeader { cookieHeaders[pass.viewer] = header }
            states += pass.reportStates
            findings += pass.findings
            moves += pass.moves.count
        }
        let elapsed = start.duration(to: .now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let untested = options.exercised.map { table.untestedTransitions(exercised: $0) } ?? []
        return StateCheckReport(states: states, moves: moves, findings: groupedByScreen(findings),
                                untestedTransitions: untested, seconds: seconds)
    }

    /// Findings grouped by screen, screens in tree order (then by name), each group in the
    /// order found.
    func groupedByScreen(_ findings: [StateCheckReport.Finding]) -> [StateCheckReport.Finding] {
        var order: [String: Int] = [:]
        for (index, route) in table.routes.enumerated() where order[route.screen] == nil { order[route.screen] = index }
        return findings.enumerated().sorted { a, b in
            let ra = order[a.element.screen] ?? Int.max, rb = order[b.element.screen] ?? Int.max
            if ra != rb { return ra < rb }
            if a.element.screen != b.element.screen { return a.element.screen < b.element.screen }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// The URL of each node with the type examples of every context (`/feed/tournament/1`),
    /// and the app's declared examples of the node's own context (``ScreenExamples``), by node id.
    func declaredURLs() -> [(node: Int, urls: [String], typeExample: String)] {
        let routes = table.routes
        var result: [(Int, [String], String)] = []
        var index = 0
        func visit(_ id: Int, prefix: String) {
            let node = table.nodes[id]
            let example = routes[index].example
            index += 1
            var step = ""
            if !node.name.isEmpty { step = "/" + (node.kind.isPresent ? "~" : "") + node.name }
            var urls: [String] = []
            for segments in declaredExampleSegments(of: node.content) {
                let url = prefix + step + segments.map { "/" + PathSegmentEncoding.encode($0) }.joined()
                urls.append(url.isEmpty ? "/" : url)
            }
            result.append((id, urls, example))
            // Children hang off the type example of this node, as the route table prints them.
            for child in node.children { visit(child, prefix: example == "/" ? "" : example) }
        }
        for roots in table.caseRoots { for root in roots { visit(root, prefix: "") } }
        return result
    }

    /// The node a URL's topmost step shows, with the names of its query fields (the cap's key).
    func placeKey(of url: String) -> (node: Int, key: String)? {
        guard let state = table.parse(path: url), let last = state.steps.last else { return nil }
        var key = String(last.node)
        if let question = url.firstIndex(of: "?") {
            let names = url[url.index(after: question)...].split(separator: "&").map { $0.split(separator: "=", maxSplits: 1).first.map(String.init) ?? "" }
            key += "?" + Set(names).sorted().joined(separator: "&")
        }
        return (last.node, key)
    }

    /// Whether some step of the URL's state needs sign-in.
    func needsSignIn(_ url: String) -> Bool {
        guard let state = table.parse(path: url) else { return false }
        return state.steps.contains { table.nodes[$0.node].access.requiresSignIn }
    }

    /// Sends one request through the pipeline.
    func send(_ method: HTTPMethod, _ url: String, accept: String, cookies: String?, body: [UInt8] = []) async -> HTTPResponse {
        var headers: HTTPHeaders = [("Connection", "close"), ("Host", "127.0.0.1"), ("Accept", accept)]
        if let cookies { headers.add(name: "Cookie", value: cookies) }
        if method == .post {
            headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            headers.add(name: "Content-Length", value: String(body.count))
        }
        let incoming = IncomingRequest(
            method: method.rawValue, target: url, headers: headers, body: body,
            bodyTooLarge: false, oversizedFields: [], remoteAddress: "127.0.0.1")
        return await pipeline.respond(to: incoming)
    }
}
