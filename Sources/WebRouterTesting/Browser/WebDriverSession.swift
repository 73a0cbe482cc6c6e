import Foundation
import Testing
import WebRouter
import WebRouterHTML

/// A W3C WebDriver session with headless Chromium, driven through chromedriver over HTTP on
/// the loopback interface (``LoopbackConnection``; no Selenium, no URLSession).
///
/// ```swift
/// let session = try await WebDriverSession.start(.init(width: 1280, height: 900))
/// do {
///     try await session.navigate(to: "http://127.0.0.1:\(port)/feed")
///     let link = try await session.findElement(xpath: "//a[.='Match 12']")
///     try await session.expectNavigation { try await session.click(link) }
///     #expect(try await session.currentURL().hasSuffix("/feed/match/12"))
/// } catch {
///     await session.quit()
///     throw error
/// }
/// await session.quit()
/// ```
///
/// Each session has its own chromedriver and browser. Commands are plain HTTP exchanges run off
/// the Swift concurrency pool; send them one at a time (chromedriver runs a session's commands
/// in order anyway). Always call ``quit()``: it ends the browser and chromedriver. A session
/// that is dropped without it kills them in `deinit` as a last resort.
package final class WebDriverSession: @unchecked Sendable {
    /// How the browser starts.
    package struct Options: Sendable {
        /// The window's width in CSS pixels (`--window-size`; headless, the viewport's width too).
        package var width: Int = 1280
        /// The window's height in CSS pixels (`--window-size`). Headless Chromium keeps room for
        /// a browser frame it does not draw: the viewport is shorter (757 of 900 with Chromium
        /// 156); ``WebDriverSession/setViewportSize(width:height:)`` sizes the viewport itself.
        package var height: Int = 900
        /// Whether pages may run JavaScript (`false` sets Chromium's content setting to block it;
        /// ``execute(_:_:)`` still works, since it runs through DevTools, not the page).
        package var javaScript: Bool = true
        /// Whether the page sees `prefers-reduced-motion: reduce` (transitions end at once).
        package var reducedMotion: Bool = true
        /// More Chromium command-line switches (`--lang=fr`, say).
        package var extraArguments: [String] = []
        /// How long ``navigate(to:)``, ``back()``, ``forward()`` and ``refresh()`` wait for the page
        /// to load before WebDriver's `timeout` error.
        package var pageLoadTimeout: Duration = .seconds(30)
        /// How long ``start(_:)`` waits for chromedriver to be ready.
        package var startTimeout: Duration = .seconds(20)
        /// The browser executable, when not ``WebDriverSession/chromiumPath``.
        package var chromium: String?

        /// Options with every default: 1280×900, JavaScript on, reduced motion.
        package init(width: Int = 1280, height: Int = 900, javaScript: Bool = true, reducedMotion: Bool = true) {
            self.width = width
            self.height = height
            self.javaScript = javaScript
            self.reducedMotion = reducedMotion
        }
    }

    // MARK: - Availability

    /// The chromedriver executable: `$CHROMEDRIVER`, else `/usr/bin/chromedriver`.
    package static var chromedriverPath: String {
        nonEmptyEnvironment("CHROMEDRIVER") ?? "/usr/bin/chromedriver"
    }

    /// The Chromium executable: `$CHROMIUM`, else `/usr/bin/chromium`.
    package static var chromiumPath: String {
        nonEmptyEnvironment("CHROMIUM") ?? "/usr/bin/chromium"
    }

    /// Why the browser mode cannot run here, or `nil` when both chromedriver and Chromium are
    /// present and executable: `chromedriver not found at /usr/bin/chromedriver (Debian: apt
    /// install chromium-driver, or set CHROMEDRIVER)`.
    package static var unavailableReason: String? {
        let files = FileManager.default
        var reasons: [String] = []
        let driver = chromedriverPath
        if !files.isExecutableFile(atPath: driver) {
            let what = files.fileExists(atPath: driver) ? "not executable" : "not found"
            reasons.append("chromedriver \(what) at \(driver) (Debian: apt install chromium-driver, or set CHROMEDRIVER)")
        }
        let browser = chromiumPath
        if !files.isExecutableFile(atPath: browser) {
            let what = files.fileExists(atPath: browser) ? "not executable" : "not found"
            reasons.append("chromium \(what) at \(browser) (Debian: apt install chromium, or set CHROMIUM)")
        }
        return reasons.isEmpty ? nil : reasons.joined(separator: "; ")
    }

    private static func nonEmptyEnvironment(_ name: String) -> String? {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else { return nil }
        return value
    }

    // MARK: - State

    /// The WebDriver session id.
    package let id: String
    /// The options the browser was started with.
    package let options: Options
    /// The chromedriver serving this session.
    private let driver: ChromeDriverProcess
    private let lock = NSLock()
    private var isClosed = false

    private init(id: String, options: Options, driver: ChromeDriverProcess) {
        self.id = id
        self.options = options
        self.driver = driver
    }

    deinit {
        lock.lock()
        let closed = isClosed
        lock.unlock()
        // quit() was never called: no time for a polite DELETE, so kill chromedriver and its browser.
        if !closed { driver.abandon() }
    }

    /// The loopback port chromedriver listens on (for diagnostics).
    package var driverPort: Int { driver.port }

    /// chromedriver's process id (for diagnostics, and tests that check nothing outlives ``quit()``).
    package var driverProcessID: Int32 { driver.pid }

    // MARK: - Start and quit

    /// Spawns chromedriver on a free loopback port, waits until it is ready, and opens a session
    /// with headless Chromium as `options` say. Throws ``WebDriverError`` (with the tail of
    /// chromedriver's log) when either cannot start; nothing is left running then.
    package static func start(_ options: Options = Options()) async throws -> WebDriverSession {
        if let reason = unavailableReason {
            throw WebDriverError(command: "start", code: "chromedriver unavailable", message: reason)
        }
        let driver = try await ChromeDriverProcess.launch(executable: chromedriverPath, timeout: options.startTimeout)
        do {
            let value = try await send(port: driver.port, "POST", "/session", capabilities(options), readTimeoutSeconds: 120)
            guard let id = value["sessionId"]?.stringValue else {
                throw WebDriverError(command: "POST /session", code: "invalid response", message: "no sessionId in \(value)")
            }
            return WebDriverSession(id: id, options: options, driver: driver)
        } catch var error as WebDriverError {
            error.logTail = driver.logTail()
            _ = try? await send(port: driver.port, "GET", "/shutdown", readTimeoutSeconds: 5)
            await driver.stop()
            throw error
        } catch {
            _ = try? await send(port: driver.port, "GET", "/shutdown", readTimeoutSeconds: 5)
            await driver.stop()
            throw error
        }
    }

    /// The body of `POST /session`: Chromium headless with the options' window, motion and
    /// JavaScript settings.
    static func capabilities(_ options: Options) -> JSONValue {
        var arguments: [JSONValue] = [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            .string("--window-size=\(options.width),\(options.height)"),
        ]
        if options.reducedMotion { arguments.append("--force-prefers-reduced-motion") }
        arguments += options.extraArguments.map(JSONValue.string)
        var chromeOptions: [String: JSONValue] = [
            "binary": .string(options.chromium ?? chromiumPath),
            "args": .array(arguments),
        ]
        if !options.javaScript {
            chromeOptions["prefs"] = ["profile.managed_default_content_settings.javascript": 2]
        }
        let milliseconds = Int(options.pageLoadTimeout.components.seconds * 1000
            + options.pageLoadTimeout.components.attoseconds / 1_000_000_000_000_000)
        let alwaysMatch: JSONValue = [
            "browserName": "chrome",
            "pageLoadStrategy": "normal",
            "timeouts": ["pageLoad": .number(Double(milliseconds)), "script": 30_000],
            "goog:chromeOptions": .object(chromeOptions),
        ]
        return ["capabilities": ["alwaysMatch": alwaysMatch]]
    }

    /// Marks the session closed; `false` if it already was (synchronous: `NSLock` is not for async contexts).
    private func markClosed() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let wasClosed = isClosed
        isClosed = true
        return !wasClosed
    }

    /// Ends the session (`DELETE /session/{id}`, which closes Chromium), asks chromedriver to
    /// exit (`GET /shutdown`), waits for it, and kills whatever is left of its process group.
    /// Never throws; a second call does nothing.
    package func quit() async {
        guard markClosed() else { return }
        if driver.isRunning {
            _ = try? await Self.send(port: driver.port, "DELETE", "/session/\(id)", readTimeoutSeconds: 15)
            _ = try? await Self.send(port: driver.port, "GET", "/shutdown", readTimeoutSeconds: 5)
        }
        await driver.stop()
    }

    // MARK: - Navigation

    /// Loads `url` and waits for it to load (`POST /session/{id}/url`).
    ///
    /// When the page has not finished loading within the page-load timeout (chromedriver's
    /// "Timed out receiving message from renderer", which a CPU-starved renderer also answers),
    /// the test gets a warning saying where the page stood, and `url` is loaded once more; a
    /// page that stalls again fails with the URL, its `readyState` and the images that did not
    /// load (chromedriver stops the load when it times out, so those count as complete).
    package func navigate(to url: String) async throws {
        for attempt in 1...2 {
            do {
                try await command("POST", "/url", ["url": .string(url)])
                return
            } catch var error as WebDriverError where error.code == "timeout" {
                error.message = await loadTimeout(error, loading: url)
                if attempt == 2 { throw error }
                Issue.record("\(error.message); loading it once more", severity: .warning)
            }
        }
    }

    /// What a page-load timeout left: `error`'s message, then the URL asked for, the document
    /// shown and its `readyState`, and up to five images that did not load.
    private func loadTimeout(_ error: WebDriverError, loading url: String) async -> String {
        let seen = try? await execute("""
            return [location.href, document.readyState,
                    [...document.images].filter(image => !image.complete || image.naturalWidth === 0).slice(0, 5).map(image => image.src)]
            """).arrayValue
        var text = "\(error.message) — loading \(url)"
        if let seen, seen.count == 3 {
            text += "; the browser shows \(seen[0].stringValue ?? "?") (readyState \(seen[1].stringValue ?? "?"))"
            let images = seen[2].arrayValue?.compactMap(\.stringValue) ?? []
            if !images.isEmpty { text += "; images not loaded: " + images.joined(separator: ", ") }
        } else {
            text += "; the page did not answer a script either"
        }
        return text
    }

    /// The current document's URL (`GET /session/{id}/url`).
    package func currentURL() async throws -> String {
        try await command("GET", "/url").stringValue ?? ""
    }

    /// The current document's title (`GET /session/{id}/title`); needs no JavaScript.
    package func title() async throws -> String {
        try await command("GET", "/title").stringValue ?? ""
    }

    /// The history's Back (`POST /session/{id}/back`); waits for the page to load.
    package func back() async throws {
        try await command("POST", "/back", [:])
    }

    /// The history's Forward (`POST /session/{id}/forward`); waits for the page to load.
    package func forward() async throws {
        try await command("POST", "/forward", [:])
    }

    /// Reloads the page (`POST /session/{id}/refresh`); waits for it to load.
    package func refresh() async throws {
        try await command("POST", "/refresh", [:])
    }

    /// The current document serialized as HTML (`GET /session/{id}/source`): the live DOM,
    /// script changes included, not the bytes the server sent.
    package func pageSource() async throws -> String {
        try await command("GET", "/source").stringValue ?? ""
    }

    // MARK: - Waiting for a new document

    /// Tags the current document with a fresh random token (`window.__webrouterTestMarker`)
    /// and returns it; a new document will not have it. It also notes how many times the
    /// enhancement script has morphed the page (`WebRouter.morphs`), so that a move answered
    /// in place counts as an arrival too. Pair with ``waitForNewDocument(after:timeout:)``.
    package func markDocument() async throws -> String {
        let token = UUID().uuidString
        _ = try await execute("""
            window.__webrouterTestMarker = arguments[0];
            window.__webrouterTestMorphs = (window.WebRouter && window.WebRouter.morphs) || 0;
            return null;
            """, [.string(token)])
        return token
    }

    /// The probe of an arrival: `[marker, readyState, href, morphed]`, where `morphed` is true
    /// when the marked document was morphed since it was marked and no move is still loading.
    static let arrivalProbe = """
        var api = window.WebRouter;
        return [window.__webrouterTestMarker === undefined ? null : window.__webrouterTestMarker,
                document.readyState, location.href,
                !!api && (api.morphs || 0) > (window.__webrouterTestMorphs || 0) && !api.loading];
        """

    /// Waits until the window shows a document other than the one `marker` tagged, fully loaded
    /// (`document.readyState === "complete"`), or the marked one morphed in place by the
    /// enhancement script (a form answered on the page shown), polling every 25 ms until `timeout`. Errors that
    /// chromedriver may answer while a navigation is in flight (`script timeout`, `no such
    /// window`, `javascript error`, `unknown error` …) are retried until the deadline; then a
    /// ``WebDriverError`` with code `navigation timeout` says what was seen last. A lost session
    /// (`invalid session id`, chromedriver gone) fails at once.
    package func waitForNewDocument(after marker: String, timeout: Duration = .seconds(15)) async throws {
        let deadline = ContinuousClock.now + timeout
        var lastSeen = "nothing yet"
        while true {
            do {
                let state = try await execute(Self.arrivalProbe).arrayValue ?? []
                if state.count == 4 {
                    let sameDocument = state[0].stringValue == marker
                    let readyState = state[1].stringValue ?? "?"
                    let url = state[2].stringValue ?? "?"
                    if !sameDocument && readyState == "complete" { return }
                    if sameDocument && state[3].boolValue == true { return }
                    lastSeen = sameDocument
                        ? "still the marked document, at \(url)"
                        : "a new document at \(url), readyState \(readyState)"
                }
            } catch let error as WebDriverError where error.code != "invalid session id" && driver.isRunning {
                lastSeen = error.description
            }
            if ContinuousClock.now >= deadline {
                throw WebDriverError(command: "wait for a new document", code: "navigation timeout",
                                     message: "no new, complete document within \(timeout); last seen: \(lastSeen)")
            }
            try await Task.sleep(for: .milliseconds(25))
        }
    }

    /// Runs `action` (a click, a key press, a script submitting a form) and waits until it has
    /// brought a new document, fully loaded: ``markDocument()``, `action`, ``waitForNewDocument(after:timeout:)``.
    @discardableResult
    package func expectNavigation<Result>(
        timeout: Duration = .seconds(15), _ action: () async throws -> Result
    ) async throws -> Result {
        let marker = try await markDocument()
        let result = try await action()
        try await waitForNewDocument(after: marker, timeout: timeout)
        return result
    }

    // MARK: - Scripts

    /// Runs `script` as the body of a function in the page (`POST /session/{id}/execute/sync`)
    /// with `arguments` as `arguments[0]`, … and returns what it `return`s (`.null` without a
    /// `return`). An element reference (``WebDriverElement/reference``) arrives as the DOM element;
    /// a DOM element returned comes back as a reference object (``WebDriverElement/init(reference:)``).
    /// A thrown exception is a ``WebDriverError`` with code `javascript error`.
    package func execute(_ script: String, _ arguments: [JSONValue] = []) async throws -> JSONValue {
        try await command("POST", "/execute/sync", ["script": .string(script), "args": .array(arguments)])
    }

    // MARK: - Elements

    /// The first element matching an XPath expression (`POST /session/{id}/element`); throws
    /// `no such element` when there is none (there is no implicit wait).
    package func findElement(xpath: String) async throws -> WebDriverElement {
        try await findElement(using: "xpath", xpath)
    }

    /// Every element matching an XPath expression, in document order (maybe none).
    package func findElements(xpath: String) async throws -> [WebDriverElement] {
        try await findElements(using: "xpath", xpath)
    }

    /// The first element matching a CSS selector; throws `no such element` when there is none.
    package func findElement(css selector: String) async throws -> WebDriverElement {
        try await findElement(using: "css selector", selector)
    }

    /// Every element matching a CSS selector, in document order (maybe none).
    package func findElements(css selector: String) async throws -> [WebDriverElement] {
        try await findElements(using: "css selector", selector)
    }

    private func findElement(using strategy: String, _ value: String) async throws -> WebDriverElement {
        let reference = try await command("POST", "/element", ["using": .string(strategy), "value": .string(value)])
        guard let element = WebDriverElement(reference: reference) else {
            throw WebDriverError(command: "POST /session/{id}/element", code: "invalid response", message: "not an element: \(reference)")
        }
        return element
    }

    private func findElements(using strategy: String, _ value: String) async throws -> [WebDriverElement] {
        let references = try await command("POST", "/elements", ["using": .string(strategy), "value": .string(value)])
        return (references.arrayValue ?? []).compactMap(WebDriverElement.init(reference:))
    }

    /// Clicks the element's center, scrolling it into view first (`POST …/element/{id}/click`);
    /// fails with `element not interactable` or `element click intercepted` as a user would.
    /// A click that navigates does not wait for the new page: wrap it in ``expectNavigation(timeout:_:)``.
    package func click(_ element: WebDriverElement) async throws {
        try await command("POST", "/element/\(element.id)/click", [:])
    }

    /// Empties an editable element (`POST …/element/{id}/clear`).
    package func clear(_ element: WebDriverElement) async throws {
        try await command("POST", "/element/\(element.id)/clear", [:])
    }

    /// Focuses the element and types `text` into it key by key (`POST …/element/{id}/value`);
    /// special keys go in as their code points (`"Ada" + WebDriverKey.enter.value`).
    package func type(_ text: String, into element: WebDriverElement) async throws {
        try await command("POST", "/element/\(element.id)/value", ["text": .string(text)])
    }

    /// The element's rendered text (`GET …/element/{id}/text`), as `innerText` gives it.
    package func text(of element: WebDriverElement) async throws -> String {
        try await command("GET", "/element/\(element.id)/text").stringValue ?? ""
    }

    /// The element's attribute `name` as written in the HTML (`GET …/element/{id}/attribute/{name}`), `nil` when absent.
    package func attribute(_ name: String, of element: WebDriverElement) async throws -> String? {
        try await command("GET", "/element/\(element.id)/attribute/\(Self.pathComponent(name))").stringValue
    }

    /// The element's DOM property `name` (`GET …/element/{id}/property/{name}`): `value` is the
    /// field's current value, `checked` a checkbox's state.
    package func property(_ name: String, of element: WebDriverElement) async throws -> JSONValue {
        try await command("GET", "/element/\(element.id)/property/\(Self.pathComponent(name))")
    }

    // MARK: - Keyboard

    /// Presses and releases one key wherever the focus is (`POST /session/{id}/actions` with a
    /// key source, then `DELETE …/actions` to release everything).
    package func pressKey(_ key: WebDriverKey) async throws {
        let keyboard: JSONValue = [
            "type": "key", "id": "webrouter-keyboard",
            "actions": [
                ["type": "keyDown", "value": .string(key.value)],
                ["type": "keyUp", "value": .string(key.value)],
            ],
        ]
        try await command("POST", "/actions", ["actions": [keyboard]])
        try await command("DELETE", "/actions")
    }

    // MARK: - Window

    /// A PNG of the viewport (`GET /session/{id}/screenshot`, decoded from base64).
    package func screenshot() async throws -> [UInt8] {
        let encoded = try await command("GET", "/screenshot").stringValue ?? ""
        guard let data = Data(base64Encoded: encoded) else {
            throw WebDriverError(command: "GET /session/{id}/screenshot", code: "invalid response", message: "not base64 (\(encoded.prefix(40))…)")
        }
        return [UInt8](data)
    }

    /// Resizes the window (`POST /session/{id}/window/rect`); the viewport follows it (its width
    /// equal, its height shorter by the frame: see ``setViewportSize(width:height:)``).
    package func setWindowSize(width: Int, height: Int) async throws {
        try await command("POST", "/window/rect", ["width": .number(Double(width)), "height": .number(Double(height))])
    }

    /// Resizes the window so that the viewport (`innerWidth` × `innerHeight`, what a screenshot
    /// shows) is `width` × `height` CSS pixels. Headless Chromium's window keeps room for a
    /// browser frame it does not draw (at 1280×900 the viewport is 1280×757), so this measures
    /// that difference on the current page and adds it to the window.
    package func setViewportSize(width: Int, height: Int) async throws {
        let sizes = try await execute("return [outerWidth - innerWidth, outerHeight - innerHeight]").arrayValue ?? []
        let extraWidth = sizes.first?.intValue ?? 0, extraHeight = sizes.last?.intValue ?? 0
        try await setWindowSize(width: width + extraWidth, height: height + extraHeight)
    }

    // MARK: - DevTools, asynchronous scripts, timeouts, the pointer

    /// Runs a Chrome DevTools Protocol command through chromedriver's passthrough
    /// (`POST /session/{id}/goog/cdp/execute`) and returns its result:
    /// `devTools("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": "dark"]]])`.
    @discardableResult
    package func devTools(_ method: String, _ parameters: JSONValue = [:]) async throws -> JSONValue {
        try await command("POST", "/goog/cdp/execute", ["cmd": .string(method), "params": parameters])
    }

    /// Runs `script` as an asynchronous function (`POST /session/{id}/execute/async`): it ends
    /// by calling its last argument, `arguments[arguments.length - 1](value)`, whose value this returns.
    package func executeAsync(_ script: String, _ arguments: [JSONValue] = []) async throws -> JSONValue {
        try await command("POST", "/execute/async", ["script": .string(script), "args": .array(arguments)])
    }

    /// How long a script may run before chromedriver answers `script timeout` (`POST /session/{id}/timeouts`; 30 s by default).
    package func setScriptTimeout(_ timeout: Duration) async throws {
        let milliseconds = Double(timeout.components.seconds) * 1000 + Double(timeout.components.attoseconds / 1_000_000_000_000_000)
        try await command("POST", "/timeouts", ["script": .number(milliseconds)])
    }

    /// Moves the mouse to the element's center and clicks there (`POST /session/{id}/actions`
    /// with a pointer source): a click as a person makes it, landing on whatever is on top
    /// there (an iframe's parent gets it too), unlike ``click(_:)``, which refuses a covered element.
    package func pointerClick(_ element: WebDriverElement) async throws {
        let mouse: JSONValue = [
            "type": "pointer", "id": "webrouter-mouse", "parameters": ["pointerType": "mouse"],
            "actions": [
                ["type": "pointerMove", "duration": 0, "origin": element.reference, "x": 0, "y": 0],
                ["type": "pointerDown", "button": 0],
                ["type": "pointerUp", "button": 0],
            ],
        ]
        try await command("POST", "/actions", ["actions": [mouse]])
        try await command("DELETE", "/actions")
    }

    /// Moves the mouse over the element's center and leaves it there (`POST /session/{id}/actions`):
    /// what a person's hover does (`:hover`, `mouseover`, the prerendering of links on intent).
    package func hover(_ element: WebDriverElement) async throws {
        let mouse: JSONValue = [
            "type": "pointer", "id": "webrouter-mouse", "parameters": ["pointerType": "mouse"],
            "actions": [["type": "pointerMove", "duration": 0, "origin": element.reference, "x": 0, "y": 0]],
        ]
        try await command("POST", "/actions", ["actions": [mouse]])
    }

    /// Moves the mouse to the viewport's top-left corner (`POST /session/{id}/actions`), off
    /// whatever it rested on after a click, so a screenshot shows no `:hover` state.
    package func moveMouseAway() async throws {
        let mouse: JSONValue = [
            "type": "pointer", "id": "webrouter-mouse", "parameters": ["pointerType": "mouse"],
            "actions": [["type": "pointerMove", "duration": 0, "origin": "viewport", "x": 0, "y": 0]],
        ]
        try await command("POST", "/actions", ["actions": [mouse]])
    }

    // MARK: - Transport

    /// Sends a command of this session: `path` is relative to `/session/{id}`.
    @discardableResult
    private func command(_ method: String, _ path: String, _ body: JSONValue? = nil) async throws -> JSONValue {
        // Navigation commands wait for the page load, so the socket waits longer than the page-load timeout.
        let pageLoad = Int(options.pageLoadTimeout.components.seconds)
        do {
            return try await Self.send(port: driver.port, method, "/session/\(id)" + path, body,
                                       readTimeoutSeconds: max(60, pageLoad + 30))
        } catch var error as WebDriverError {
            error.command = "\(method) /session/{id}\(path)"
            throw error
        }
    }

    /// Percent-encodes a path component (an attribute or property name).
    private static func pathComponent(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? text
    }

    /// One WebDriver exchange with chromedriver on `port`: sends `body` as JSON (none for `GET`
    /// and `DELETE` without a body) and returns the answer's `value`, or throws a ``WebDriverError``
    /// with the answer's `error` and `message`.
    static func send(
        port: Int, _ method: String, _ path: String, _ body: JSONValue? = nil, readTimeoutSeconds: Int
    ) async throws -> JSONValue {
        let command = "\(method) \(path)"
        let payload = Array((body?.serialized ?? "").utf8)
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\nAccept: application/json\r\n"
        if body != nil || method == "POST" {
            head += "Content-Type: application/json; charset=utf-8\r\nContent-Length: \(payload.count)\r\n"
        }
        head += "\r\n"
        let response: RawHTTPResponse
        do {
            response = try await LoopbackConnection.exchange(port: port, Array(head.utf8) + payload, readTimeoutSeconds: readTimeoutSeconds)
        } catch {
            throw WebDriverError(command: command, code: "transport error", message: "\(error)")
        }
        let answer: JSONValue
        do {
            answer = try JSONValue(parsing: response.body)
        } catch {
            throw WebDriverError(command: command, code: "invalid response", message: "\(error) in \(response.text.prefix(200))",
                                 status: response.status)
        }
        let value = answer["value"] ?? .null
        if response.status != 200 || value["error"] != nil {
            throw WebDriverError(command: command, code: value["error"]?.stringValue ?? "unknown error",
                                 message: cleanMessage(value["message"]?.stringValue ?? answer.serialized),
                                 status: response.status)
        }
        return value
    }

    /// chromedriver's message without the `(Session info: chrome=…)` line it appends.
    private static func cleanMessage(_ message: String) -> String {
        message.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("(Session info:") }
            .joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
