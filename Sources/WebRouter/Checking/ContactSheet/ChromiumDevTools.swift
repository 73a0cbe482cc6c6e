import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Headless Chromium driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`:
/// the browser reads commands on its fd 3 and writes answers and events on its fd 4, each
/// message JSON ended by a NUL): one browser for every screenshot of a contact sheet, with the
/// viewport, the colour scheme and the cookies set per capture. Nothing but Chromium is needed
/// (no chromedriver). Blocking; the contact sheet calls it off the concurrency pool.
///
/// ```swift
/// let browser = try ChromiumDevTools.launch()
/// defer { browser.close() }
/// let png = try browser.capture("http://127.0.0.1:8080/feed", width: 390, height: 844, dark: true, cookie: nil)
/// ```
final class ChromiumDevTools {
    /// Why the browser could not be started or answered wrongly.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let pid: pid_t
    private let commands: Int32
    private let answers: Int32
    private let profile: String
    private var nextID = 0
    private var buffer: [UInt8] = []
    private var events: [[String: Any]] = []
    private var session = ""
    private var closed = false

    /// The Chromium executable: `$CHROMIUM`, else `/usr/bin/chromium`, else `chromium` or
    /// `chromium-browser` on `PATH`.
    static func executable(_ preferred: String? = nil) -> String {
        if let preferred, !preferred.isEmpty { return preferred }
        if let named = ProcessInfo.processInfo.environment["CHROMIUM"], !named.isEmpty { return named }
        let standard = "/usr/bin/chromium"
        if FileManager.default.isExecutableFile(atPath: standard) { return standard }
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome"] where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
                return "\(directory)/\(name)"
            }
        }
        return standard
    }

    /// Why Chromium cannot run here, or `nil`.
    static func unavailableReason(_ preferred: String? = nil) -> String? {
        let path = executable(preferred)
        if FileManager.default.isExecutableFile(atPath: path) { return nil }
        let what = FileManager.default.fileExists(atPath: path) ? "is not executable" : "was not found"
        return "Chromium \(what) at \(path): the contact sheet takes its screenshots with headless Chromium (Debian: apt install chromium; or set CHROMIUM, or pass --chromium PATH)"
    }

    /// Starts headless Chromium with a fresh profile and opens one page.
    static func launch(_ preferred: String? = nil, timeout: Duration = .seconds(60)) throws -> ChromiumDevTools {
        if let reason = unavailableReason(preferred) { throw Failure(description: reason) }
        let path = executable(preferred)
        signal(SIGPIPE, SIG_IGN)   // a browser that died answers EPIPE, not a signal
        var toBrowser: [Int32] = [0, 0], fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else { throw Failure(description: "no pipe for Chromium: \(String(cString: strerror(errno)))") }
        // Above 4, so the dup2 into 3 and 4 never meets a descriptor of its own; close-on-exec,
        // so the browser keeps only 3 and 4.
        func lifted(_ fd: Int32) -> Int32 { let high = fcntl(fd, F_DUPFD_CLOEXEC, 10); closeDescriptor(fd); return high }
        let browserReads = lifted(toBrowser[0]), commands = lifted(toBrowser[1])
        let answers = lifted(fromBrowser[0]), browserWrites = lifted(fromBrowser[1])
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("webrouter-contact-\(UUID().uuidString)").path
        let arguments = [path, "--headless=new", "--no-sandbox", "--remote-debugging-pipe", "--user-data-dir=\(profile)",
                         "--hide-scrollbars", "--no-first-run", "--no-default-browser-check", "--disable-gpu",
                         "--disable-extensions", "--mute-audio", "--force-color-profile=srgb", "about:blank"]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, browserReads, 3)
        posix_spawn_file_actions_adddup2(&actions, browserWrites, 4)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, path, &actions, nil, argv, environ)
        closeDescriptor(browserReads)
        closeDescriptor(browserWrites)
        guard result == 0 else {
            closeDescriptor(commands); closeDescriptor(answers)
            throw Failure(description: "cannot start Chromium at \(path): \(String(cString: strerror(result)))")
        }
        let browser = ChromiumDevTools(pid: child, commands: commands, answers: answers, profile: profile)
        do {
            let deadline = ContinuousClock.now + timeout
            let target = try browser.send("Target.createTarget", ["url": "about:blank"], until: deadline)
            guard let id = target["targetId"] as? String else { throw Failure(description: "Chromium opened no page") }
            let attached = try browser.send("Target.attachToTarget", ["targetId": id, "flatten": true], until: deadline)
            guard let session = attached["sessionId"] as? String else { throw Failure(description: "Chromium gave no session for its page") }
            browser.session = session
            _ = try browser.send("Page.enable", [:], inPage: true, until: deadline)
            _ = try browser.send("Network.enable", [:], inPage: true, until: deadline)
            _ = try browser.send("Emulation.setScrollbarsHidden", ["hidden": true], inPage: true, until: deadline)
        } catch {
            browser.close()
            throw error
        }
        return browser
    }

    private init(pid: pid_t, commands: Int32, answers: Int32, profile: String) {
        self.pid = pid
        self.commands = commands
        self.answers = answers
        self.profile = profile
    }

    deinit { close() }

    /// Closes the browser and removes its profile.
    func close() {
        guard !closed else { return }
        closed = true
        _ = try? send("Browser.close", [:], until: .now + .seconds(5))
        closeDescriptor(commands)
        var status: Int32 = 0
        // The browser exits on Browser.close, or when its command pipe closes; a last resort after that.
        let deadline = ContinuousClock.now + .seconds(10)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if ContinuousClock.now >= deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                break
            }
            usleep(20_000)
        }
        closeDescriptor(answers)
        try? FileManager.default.removeItem(atPath: profile)
    }

    /// Loads `url` in a viewport of `width` × `height` CSS pixels, light or dark, with
    /// `cookie` (a `Cookie` header's pairs: a signed-in viewer) as the browser's only cookies, and answers the PNG of the viewport.
    func capture(_ url: String, width: Int, height: Int, dark: Bool, cookie: String?, timeout: Duration = .seconds(30)) throws -> [UInt8] {
        try capture(url, width: width, height: height, dark: dark, cookie: cookie, axe: nil, timeout: timeout).png
    }

    /// One rule axe-core found broken on a page: its id, impact, help text and how many elements.
    struct AxeViolation: Decodable, Equatable {
        var id: String
        var impact: String?
        var help: String
        var nodes: Int
    }

    /// As ``capture(_:width:height:dark:cookie:timeout:)``, then, when `axe` (axe.min.js's
    /// source) is given, runs axe-core on the page and answers its violations too.
    func capture(
        _ url: String, width: Int, height: Int, dark: Bool, cookie: String?, axe: String?, timeout: Duration = .seconds(60)
    ) throws -> (png: [UInt8], violations: [AxeViolation]) {
        let deadline = ContinuousClock.now + timeout
        _ = try send("Emulation.setDeviceMetricsOverride",
                     ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false], inPage: true, until: deadline)
        _ = try send("Emulation.setEmulatedMedia", ["features": [
            ["name": "prefers-color-scheme", "value": dark ? "dark" : "light"],
            ["name": "prefers-reduced-motion", "value": "reduce"],
        ]], inPage: true, until: deadline)
        // The viewer's cookies and nothing else: a header would lose to the browser's own jar
        // (the cookies earlier pages set), so the jar itself is emptied and filled.
        _ = try send("Network.clearBrowserCookies", [:], inPage: true, until: deadline)
        if let cookie, let origin = Self.origin(of: url) {
            let cookies: [[String: Any]] = cookie.split(separator: ";").compactMap { pair in
                let trimmed = pair.trimmingCharacters(in: .whitespaces)
                guard let equals = trimmed.firstIndex(of: "="), equals != trimmed.startIndex else { return nil }
                return ["name": String(trimmed[..<equals]), "value": String(trimmed[trimmed.index(after: equals)...]),
                        "url": origin + "/", "path": "/"]
            }
            _ = try send("Network.setCookies", ["cookies": cookies], inPage: true, until: deadline)
        }
        events.removeAll()
        let navigation = try send("Page.navigate", ["url": url], inPage: true, until: deadline)
        if let error = navigation["errorText"] as? String { throw Failure(description: "Chromium could not load \(url): \(error)") }
        try waitForEvent("Page.loadEventFired", until: deadline)
        // No blinking caret in a focused field: two captures of one state are the same pixels.
        _ = try send("Runtime.evaluate", ["expression": """
            (function () { var style = document.createElement('style');
              style.textContent = '*, *::before, *::after { caret-color: transparent !important; animation: none !important; transition: none !important; }';
              (document.head || document.documentElement).appendChild(style);
              return document.fonts ? document.fonts.ready.then(function () { return true; }) : true; })()
            """, "awaitPromise": true], inPage: true, until: deadline)
        let shot = try send("Page.captureScreenshot", ["format": "png"], inPage: true, until: deadline)
        guard let data = shot["data"] as? String, let png = Data(base64Encoded: data) else {
            throw Failure(description: "Chromium returned no screenshot of \(url)")
        }
        var violations: [AxeViolation] = []
        if let axe {
            _ = try send("Runtime.evaluate", ["expression": axe + "\n;true"], inPage: true, until: deadline)
            let run = try send("Runtime.evaluate", ["expression": """
                axe.run(document, {resultTypes: ['violations']}).then(function (r) {
                  return JSON.stringify(r.violations.map(function (v) { return {id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length}; }));
                })
                """, "awaitPromise": true, "returnByValue": true], inPage: true, until: deadline)
            guard let value = (run["result"] as? [String: Any])?["value"] as? String,
                  let decoded = try? JSONDecoder().decode([AxeViolation].self, from: Data(value.utf8)) else {
                throw Failure(description: "axe-core did not run on \(url): \(run["exceptionDetails"] ?? run)")
            }
            violations = decoded
        }
        return ([UInt8](png), violations)
    }

    /// `http://127.0.0.1:8080` of `http://127.0.0.1:8080/feed?page=2`.
    static func origin(of url: String) -> String? {
        guard let scheme = url.range(of: "://") else { return nil }
        let rest = url[scheme.upperBound...]
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return String(url[..<scheme.upperBound]) + host
    }

    // MARK: - The protocol

    /// Sends one command (to the page's session when `inPage`) and waits for its answer.
    @discardableResult
    private func send(_ method: String, _ parameters: [String: Any], inPage: Bool = false, until deadline: ContinuousClock.Instant) throws -> [String: Any] {
        nextID += 1
        var message: [String: Any] = ["id": nextID, "method": method, "params": parameters]
        if inPage { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "Chromium stopped reading commands (\(String(cString: strerror(errno))))")
            }
            written += count
        }
        while true {
            let answer = try readMessage(until: deadline, waitingFor: method)
            if answer["id"] as? Int == nextID {
                if let error = answer["error"] as? [String: Any] {
                    throw Failure(description: "Chromium refused \(method): \(error["message"] as? String ?? "\(error)")")
                }
                return answer["result"] as? [String: Any] ?? [:]
            }
            if answer["method"] != nil { events.append(answer) }
        }
    }

    private func waitForEvent(_ name: String, until deadline: ContinuousClock.Instant) throws {
        while true {
            if let index = events.firstIndex(where: { $0["method"] as? String == name }) {
                events.removeSubrange(...index)
                return
            }
            let message = try readMessage(until: deadline, waitingFor: name)
            if message["method"] != nil { events.append(message) }
        }
    }

    /// The next message from the browser.
    private func readMessage(until deadline: ContinuousClock.Instant, waitingFor what: String) throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let message = Array(buffer[..<end])
                buffer.removeSubrange(...end)
                guard let object = try? JSONSerialization.jsonObject(with: Data(message)) as? [String: Any] else { continue }
                return object
            }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { throw Failure(description: "Chromium did not answer \(what) in time") }
            var poller = pollfd(fd: answers, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000, 60_000))
            let ready = poll(&poller, 1, max(milliseconds, 1))
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { read(answers, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw Failure(description: "Chromium exited while \(what) was pending") }
            buffer += chunk[..<count]
        }
    }
}

/// `close(2)`, where a method named `close` hides it.
private func closeDescriptor(_ descriptor: Int32) {
    #if canImport(Glibc)
    _ = Glibc.close(descriptor)
    #else
    _ = Darwin.close(descriptor)
    #endif
}
