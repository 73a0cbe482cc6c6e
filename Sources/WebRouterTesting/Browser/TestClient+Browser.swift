import Foundation
public import Testing
import WebRouter
import WebRouterHTML
import WebRouterHTTP

/// How ``TestClient`` runs headless Chromium in `.browser` mode.
///
/// ```swift
/// let phone = try TestClient(app, mode: .browser, browser: BrowserOptions(width: 390, height: 844))
/// let noScript = try TestClient(app, mode: .browser, browser: BrowserOptions(javaScript: false))
/// ```
public struct BrowserOptions: Sendable {
    /// The viewport's width in CSS pixels (what the page's media queries see).
    public var width: Int
    /// The viewport's height in CSS pixels.
    public var height: Int
    /// Whether pages run their scripts (`false`: the page as a browser without JavaScript shows it).
    public var javaScript: Bool
    /// Whether the browser asks pages for reduced motion (no view transitions to wait out).
    public var reducedMotion: Bool

    /// A 1280 × 900 viewport with JavaScript and reduced motion.
    public init(width: Int = 1280, height: Int = 900, javaScript: Bool = true, reducedMotion: Bool = true) {
        self.width = width
        self.height = height
        self.javaScript = javaScript
        self.reducedMotion = reducedMotion
    }
}

extension TestClient {
    /// Why `.browser` mode cannot run on this machine (`nil` when it can): chromedriver or
    /// Chromium missing (Debian: `apt install chromium chromium-driver`; `CHROMEDRIVER` and
    /// `CHROMIUM` name other paths). A `.browser` client used where it is not `nil` records a
    /// warning with this reason and cancels the current test (or test case), so it is reported
    /// as skipped, never as passed.
    public static var browserUnavailableReason: String? { WebDriverSession.unavailableReason }

    /// A PNG of what the browser shows (`.browser` mode only).
    public func screenshot(sourceLocation: SourceLocation = #_sourceLocation) async throws -> [UInt8] {
        guard mode == .browser else {
            try TestFailure(page: page, expectation: "a screenshot needs .browser mode").record(at: sourceLocation)
        }
        return try await browserSession().screenshot()
    }

    /// Runs JavaScript in the page (`.browser` mode only) and returns what it returns, as JSON
    /// text: `try await client.evaluate("return document.activeElement.textContent")`.
    public func evaluate(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        guard mode == .browser else {
            try TestFailure(page: page, expectation: "running a script needs .browser mode").record(at: sourceLocation)
        }
        let value = try await browserSession().execute(script)
        return value.stringValue ?? value.serialized
    }

    /// The element that has the keyboard focus. In `.browser` mode it is the browser's
    /// `document.activeElement` (after the page's script moved focus: into a dialog, back to
    /// the link that opened a dismissed layer); in the HTTP modes, the field a browser focuses
    /// on load (`autofocus`). `nil` when focus is on the page itself.
    ///
    /// ```swift
    /// try await client.pressEscape()
    /// #expect(try await client.focusedElement()?.name == "Share")
    /// ```
    public func focusedElement(sourceLocation: SourceLocation = #_sourceLocation) async throws -> PageElement? {
        let page = try currentPage(sourceLocation)
        guard mode == .browser else {
            return page.document.first { $0["autofocus"] != nil && !$0.isHidden && !$0.isDisabled }.map(PageElement.init)
        }
        let session = try await browserSession()
        // The focused element's path as local names and positions among same-named siblings,
        // which is how the snapshot's tree is walked back.
        let steps = try await session.execute("""
            var node = document.activeElement, steps = [];
            if (!node || node === document.body || node === document.documentElement) return null;
            while (node && node.parentElement) {
              var position = 1, sibling = node.previousElementSibling;
              for (; sibling; sibling = sibling.previousElementSibling) if (sibling.localName === node.localName) position++;
              steps.unshift([node.localName, position]);
              node = node.parentElement;
            }
            return steps;
            """).arrayValue ?? []
        guard !steps.isEmpty else { return nil }
        // The element of the client's page, so it compares with what locators find there; of
        // the document as it is now when the page's script added it.
        func walk(_ document: HTMLNode) -> HTMLNode? {
            guard var node = document.children.first(where: { $0.tag == "html" }) else { return nil }
            for step in steps {
                guard let pair = step.arrayValue, pair.count == 2, let name = pair[0].stringValue, let position = pair[1].intValue,
                      let next = node.children.filter({ $0.tag == name }).dropFirst(position - 1).first else { return nil }
                node = next
            }
            return node
        }
        if let node = walk(page.document) { return PageElement(node) }
        return try await walk(snapshot(session).document).map(PageElement.init)
    }

    // MARK: - The session

    /// The browser session, started on first use.
    func browserSession() async throws -> WebDriverSession {
        if let session = browser.session { return session }
        if let reason = WebDriverSession.unavailableReason {
            // A warning says why (the console does not name a cancelled case of a
            // parameterised test); cancelling reports the test as skipped, not passed.
            let why = Comment(rawValue: "skipped in .browser mode: headless Chromium is not available: \(reason)")
            Issue.record(why, severity: .warning)
            try Test.cancel(why)
        }
        var options = WebDriverSession.Options(
            width: browserOptions.width, height: browserOptions.height,
            javaScript: browserOptions.javaScript, reducedMotion: browserOptions.reducedMotion)
        options.pageLoadTimeout = .seconds(30)
        // No scrollbar taking 15 px of a phone's width (layouts and screenshots as on a phone).
        options.extraArguments.append("--hide-scrollbars")
        let session = try await WebDriverSession.start(options)
        browser.session = session
        // The page gets exactly the size asked for (the window is larger by a frame headless
        // Chromium reserves but does not draw).
        try await session.setViewportSize(width: browserOptions.width, height: browserOptions.height)
        return session
    }

    var baseURL: String { "http://127.0.0.1:\(server?.port ?? 0)" }

    /// Loads a URL in the browser (a GET without a body is all a browser can be told to do).
    func browserFetch(_ method: HTTPMethod, _ url: String, headers: [(String, String)], body: [UInt8]) async throws -> TestPage {
        guard method == .get, body.isEmpty, headers.isEmpty else {
            throw TestFailure(page: page, expectation: "\(method.rawValue) \(url) with headers or a body cannot be sent in .browser mode",
                              details: "a browser only opens URLs: use get(_:), or fill fields and press a form's button")
        }
        let session = try await browserSession()
        try await session.navigate(to: baseURL + url)
        return try await snapshot(session)
    }

    /// The page the browser shows now, read from its DOM.
    func snapshot(_ session: WebDriverSession) async throws -> TestPage {
        let state = try await session.execute("""
            var entry = performance.getEntriesByType("navigation")[0], api = window.WebRouter;
            var status = api && api.morphs ? api.status : entry && entry.responseStatus ? entry.responseStatus : 200;
            return [document.documentElement.outerHTML, location.pathname + location.search, status];
            """).arrayValue ?? []
        let html = "<!DOCTYPE html>" + (state.first?.stringValue ?? "")
        let url = state.count > 1 ? state[1].stringValue ?? "/" : "/"
        let status = state.count > 2 ? state[2].intValue ?? 200 : 200
        let response = HTTPResponse(status: HTTPStatus(code: status), headers: ["Content-Type": "text/html; charset=utf-8"],
                                    body: Array(html.utf8))
        return TestPage(method: "GET", url: url, response: response, redirects: [])
    }

    /// The WebDriver session of a `.browser` client (started on first use, skipping the test
    /// when Chromium is missing), for what only a browser does and the kit's moves do not
    /// cover: DevTools emulation, keys typed into a given element, a pointer click. After a
    /// move made on it, ``browserPageChanged(by:newVisit:)`` makes the result the client's page.
    package func webDriverSession() async throws -> WebDriverSession {
        try await browserSession()
    }

    /// Makes what the browser shows now the client's ``page`` after a move made on the
    /// session itself (a key, a script, a pointer click), so that the kit's expectations and
    /// locators read it; `newVisit` records it in the visit history (``goBack(sourceLocation:)``).
    @discardableResult
    package func browserPageChanged(by move: String, newVisit: Bool = true) async throws -> TestPage {
        try await arrive(browserSession(), by: move, newVisit: newVisit)
    }

    /// Makes what the browser shows after a move the client's page, with a visit recorded.
    private func arrive(_ session: WebDriverSession, by move: String, newVisit: Bool) async throws -> TestPage {
        let page = try await snapshot(session)
        if newVisit { visits.push(VisitHistory.Entry(method: .get, url: page.url, headers: [], body: []), landedOn: page.url) }
        return settle(on: page, trail: "\(move) → \(page.url) → \(page.status.code)")
    }

    /// The browser's element for a node of the current snapshot: the same path in the DOM.
    private func element(for node: HTMLNode, in session: WebDriverSession) async throws -> WebDriverElement {
        var steps: [String] = []
        var current = node
        while let parent = current.parent {
            let position = parent.children.filter { $0.tag == current.tag }.firstIndex { $0 == current }! + 1
            steps.append("*[local-name()='\(current.tag)'][\(position)]")
            current = parent
        }
        let element = try await session.findElement(xpath: "/" + steps.reversed().joined(separator: "/"))
        // Into the middle of the viewport, as a thumb would: WebDriver's own scrolling stops at
        // the bottom edge, under a fixed tab bar.
        _ = try await session.execute("arguments[0].scrollIntoView({block: 'center', inline: 'center'}); return null;", [element.reference])
        return element
    }

    // MARK: - Moves

    func browserClick(_ node: HTMLNode, _ sourceLocation: SourceLocation) async throws -> TestPage {
        let session = try await browserSession()
        let target = try await element(for: node, in: session)
        let href = node.tag == "a" ? node["href"] : nil
        let navigates = (href.map { !$0.hasPrefix("#") } ?? false) || (node.isSubmitButton && node.enclosing("form") != nil)
        let name = PageElement.describe(node)
        if navigates {
            if node.isSubmitButton, let refusal = try await browserRefusal(toSubmit: target, in: session) {
                try (page?.failure("the browser refused to submit the form of \(name)", details: refusal)
                     ?? TestFailure(page: nil, expectation: "the browser refused to submit the form of \(name)", details: refusal, history: []))
                    .record(at: sourceLocation)
            }
            try await session.expectNavigation { try await session.click(target) }
            return try await arrive(session, by: "click \(name)", newVisit: true)
        }
        try await session.click(target)
        var page = try await snapshot(session)
        page.history = visits.trail
        self.page = page
        return page
    }

    func browserPressEscape(_ sourceLocation: SourceLocation) async throws -> TestPage {
        let session = try await browserSession()
        if browserOptions.javaScript {
            try await session.expectNavigation { try await session.pressKey(.escape) }
            return try await arrive(session, by: "Escape", newVisit: true)
        }
        // Without JavaScript Escape does nothing; a person uses the close link.
        guard let page, let close = page.document.all(where: { $0.tag == "a" && $0["rel"] == "dismiss" && !$0.isHidden }).last else {
            try TestFailure(page: page, expectation: "no close link for Escape to stand for").record(at: sourceLocation)
        }
        return try await browserClick(close, sourceLocation)
    }

    /// Types into a text field; sets date, time, number, range and colour inputs by value
    /// (keystrokes into Chromium's date control land in the wrong segments) and answers the
    /// value the browser kept, so a value it sanitised away is reported.
    func browserFill(_ node: HTMLNode, with value: String) async throws -> String? {
        let session = try await browserSession()
        let field = try await element(for: node, in: session)
        if node.tag == "input", Self.setByValue.contains(node.inputType) {
            return try await session.execute("""
                const field = arguments[0];
                field.value = arguments[1];
                field.dispatchEvent(new Event('input', {bubbles: true}));
                field.dispatchEvent(new Event('change', {bubbles: true}));
                return field.value;
                """, [field.reference, .string(value)]).stringValue
        }
        try await session.clear(field)
        if !value.isEmpty { try await session.type(value, into: field) }
        return nil
    }

    static let setByValue: Set<String> = ["date", "time", "datetime-local", "month", "week", "number", "range", "color"]

    /// What the browser says when it refuses to submit the form of `submitter` (its constraint
    /// validation): the first invalid field's description and `validationMessage`; `nil` when it submits.
    func browserRefusal(toSubmit submitter: WebDriverElement, in session: WebDriverSession) async throws -> String? {
        let answer = try await session.execute("""
            const button = arguments[0], form = button.form;
            if (!form || button.formNoValidate || form.noValidate || form.checkValidity()) return null;
            const field = Array.from(form.elements).find(e => e.willValidate && !e.checkValidity());
            const label = field.labels && field.labels.length ? field.labels[0].textContent.trim() : (field.name || field.id);
            return 'field "' + label + '" (' + (field.name || '') + '): ' + field.validationMessage;
            """, [submitter.reference])
        return answer.stringValue
    }

    func browserSelect(_ option: HTMLNode) async throws {
        let session = try await browserSession()
        try await session.click(element(for: option, in: session))
    }

    func browserAttach(_ file: TestFile, to node: HTMLNode) async throws {
        let session = try await browserSession()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("webrouter-upload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(file.name).path
        try Data(file.contents).write(to: URL(fileURLWithPath: path))
        try await session.type(path, into: element(for: node, in: session))
    }

    func browserSetChecked(_ node: HTMLNode, _ isChecked: Bool) async throws {
        let session = try await browserSession()
        let box = try await element(for: node, in: session)
        if try await session.property("checked", of: box).boolValue != isChecked {
            try await session.click(box)
        }
    }

    /// Back, forward or reload with the browser's own buttons. A page restored from the
    /// back-forward cache keeps its window, so arriving is a new document or a new URL.
    func browserTraverse(by offset: Int, requested: VisitHistory.Entry) async throws -> TestPage {
        let session = try await browserSession()
        let marker = try await session.markDocument()
        let before = try await session.currentURL()
        switch offset {
        case 0: try await session.refresh()
        case ..<0: try await session.back()
        default: try await session.forward()
        }
        let deadline = ContinuousClock.now + .seconds(15)
        while true {
            // A new document, or (Back and Forward between entries the script pushed) the same
            // one at another URL, morphed there.
            let state = (try? await session.execute(WebDriverSession.arrivalProbe).arrayValue) ?? []
            if state.count == 4, state[1].stringValue == "complete",
               state[0].stringValue != marker || (offset != 0 && state[2].stringValue != before && state[3].boolValue == true) {
                break
            }
            if ContinuousClock.now >= deadline {
                throw WebDriverError(command: offset == 0 ? "reload" : offset < 0 ? "back" : "forward", code: "navigation timeout",
                                     message: "the browser did not arrive at \(requested.url) within 15 s")
            }
            try await Task.sleep(for: .milliseconds(25))
        }
        return try await arrive(session, by: offset == 0 ? "reload" : offset < 0 ? "back" : "forward", newVisit: false)
    }
}

/// The browser session of a `.browser` client, started on first use and quit by
/// ``TestClient/shutdown()``.
final class BrowserHandle {
    var session: WebDriverSession?
}
