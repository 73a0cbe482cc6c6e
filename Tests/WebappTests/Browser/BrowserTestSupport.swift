import Foundation
import Testing
import WebRouter
import WebRouterTesting
@testable import webapp

/// The demo app in headless Chromium: every suite of the browser tests (the flows, the view
/// transitions, the storyboard, axe-core) nests in this one, which runs them one at a time,
/// one browser at a time, as the 2-core CI machine can afford. `make browser-test` runs
/// them alone (`swift test --filter BrowserTests`); without Chromium each is skipped with the
/// reason (the kit records a warning and cancels the test).
@Suite("In a real browser", .serialized)
struct BrowserTests {}

/// Viewports, the repository's paths and a demo app per test.
enum Browser {
    /// A phone: 390 × 844, JavaScript on, reduced motion (still screenshots).
    static let phone = BrowserOptions(width: 390, height: 844)
    /// A desktop window: 1280 × 900.
    static let wide = BrowserOptions(width: 1280, height: 900)

    /// The repository's root (this file is Tests/WebappTests/Browser/BrowserTestSupport.swift).
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The demo's static files (`webapp serve --public Public`).
    static var publicDirectory: String { repository.appendingPathComponent("Public").path }

    /// Runs `body` with a `.browser` client of a fresh demo app (sample data, its own accounts
    /// database in memory, the repository's Public folder), then quits the browser.
    static func test<Result>(_ options: BrowserOptions = phone, _ body: (TestClient) async throws -> Result) async throws -> Result {
        let scores = try await ScoresFixture()
        return try await scores.app.test(.browser, publicDirectory: publicDirectory, browser: options) { client in
            // As `--hide-scrollbars` did for the Python suite: no classic scrollbar takes 15 px
            // off the page's width (the reflow check measures clientWidth) or shows in screenshots.
            try await client.webDriverSession().devTools("Emulation.setScrollbarsHidden", ["hidden": true])
            return try await body(client)
        }
    }

    /// Whether screenshots are written to docs/screenshots: only when `WEBROUTER_SCREENSHOTS`
    /// is set (`make screenshots` sets it), so an ordinary test run leaves the tree clean.
    static var writesScreenshots: Bool {
        let value = ProcessInfo.processInfo.environment["WEBROUTER_SCREENSHOTS"] ?? ""
        return !value.isEmpty && value != "0"
    }

    /// Records a warning with `reason` and cancels the test, so a missing tool shows as a
    /// skipped test with its reason, never as a pass.
    static func skip(_ reason: String) throws -> Never {
        let why = Comment(rawValue: "skipped: \(reason)")
        Issue.record(why, severity: .warning)
        try Test.cancel(why)
    }

    /// The path of a data file shipped in an installed Python package (`axe_playwright_python`
    /// / `axe.min.js`), as `importlib.resources` finds it; `nil` when python3 or the package is missing.
    static func pythonPackageFile(_ package: String, _ file: String) -> String? {
        let output = run("/usr/bin/env", ["python3", "-c", "import importlib.resources as r; print(r.files('\(package)') / '\(file)')"])
        guard let output, output.status == 0 else { return nil }
        let path = output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return FileManager.default.isReadableFile(atPath: path) ? path : nil
    }

    /// The full path of a command on PATH (`which`), or `nil`.
    static func executable(_ name: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Runs a program to its end; its status, standard output and standard error (`nil` when it cannot start).
    static func run(_ program: String, _ arguments: [String]) -> (status: Int32, stdout: String, stderr: String)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do { try process.run() } catch { return nil }
        // Read both pipes before waiting: a report larger than a pipe's buffer would block the child.
        nonisolated(unsafe) var errData = Data()
        let errReader = Thread { errData = err.fileHandleForReading.readDataToEndOfFile() }
        errReader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while errReader.isExecuting || !errReader.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }
}

/// A condition the browser did not reach in time (already recorded as an issue).
struct BrowserWaitTimeout: Error, CustomStringConvertible {
    var description: String
}

extension TestClient {
    /// Signs in as demo/demo the way a person does: the wanted page sends a stranger to
    /// Welcome, its Sign in link opens the sheet, the form is filled by its labels and sent.
    func signIn(landingOn wanted: String = "/feed", screen: String = "Feed", sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await get(wanted)
        try expect(decodedURL: "/welcome?next=\(wanted)", screen: "Welcome", sourceLocation: sourceLocation)
        try await click(.link("Sign in").within(.role(.main)), sourceLocation: sourceLocation)
        try expect(decodedURL: "/welcome/~login?next=\(wanted)", screen: "Login", modals: ["Login"], sourceLocation: sourceLocation)
        try await fill("Username", with: "demo", sourceLocation: sourceLocation)
        try await fill("Password", with: "demo", sourceLocation: sourceLocation)
        try await press("Sign in", sourceLocation: sourceLocation)
        try expect(url: wanted, screen: screen, sourceLocation: sourceLocation)
    }

    /// Checks the page's URL percent-decoded (the browser shows `?next=%2Ffeed` where a person
    /// reads `?next=/feed`), then the landmarks as ``expect(status:url:screen:selectedTab:breadcrumb:modals:text:sourceLocation:)``.
    func expect(
        status: Int? = 200, decodedURL: String, screen: String, modals: [String]? = nil, text: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let url = page?.url ?? "no page"
        try #require(url.removingPercentEncoding == decodedURL, "expected URL \(decodedURL), found \(url)", sourceLocation: sourceLocation)
        try expect(status: status, screen: screen, modals: modals, text: text, sourceLocation: sourceLocation)
    }

    /// Polls `script` (a function body that returns a value) every 50 ms until it returns
    /// something truthy; after `timeout` records `what` at the caller's line and throws.
    func waitUntil(
        _ what: String, timeout: Duration = .seconds(15), sourceLocation: SourceLocation = #_sourceLocation, _ script: String
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        var last = "nothing yet"
        while true {
            do {
                last = try await evaluate("return !!(function () { \(script) })()", sourceLocation: sourceLocation)
                if last == "true" { return }
            } catch let error as WebDriverError {
                last = error.description   // a navigation in flight; try again
            }
            if ContinuousClock.now >= deadline {
                Issue.record("waited \(timeout) for \(what), in vain (last: \(last)) on \(page?.url ?? "no page")", sourceLocation: sourceLocation)
                throw BrowserWaitTimeout(description: what)
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Waits for entry animations (sheets sliding up) to end, so screenshots show the rest state.
    func animationsDone(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await waitUntil("the animations to end", sourceLocation: sourceLocation,
                            "return document.getAnimations().every(a => a.playState !== 'running')")
    }

    /// Whether the script's expression is true in the page: `try await isTrue("document.hidden")`.
    func isTrue(_ expression: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Bool {
        try await evaluate("return !!(\(expression))", sourceLocation: sourceLocation) == "true"
    }

    /// Moves the mouse off the page, takes a screenshot, checks it is exactly the viewport's size, and saves it as
    /// docs/screenshots/`name` when ``Browser/writesScreenshots``.
    func saveScreenshot(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        // The pointer rests where the last click was: off the page's rows, no :hover in the picture.
        try await webDriverSession().moveMouseAway()
        let png = try await screenshot(sourceLocation: sourceLocation)
        // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
        let size = png.count >= 24 ? (png[16..<20].reduce(0) { $0 << 8 | Int($1) }, png[20..<24].reduce(0) { $0 << 8 | Int($1) }) : (0, 0)
        #expect(size == (browserOptions.width, browserOptions.height), "\(name) is \(size.0) × \(size.1)", sourceLocation: sourceLocation)
        guard Browser.writesScreenshots else { return }
        let folder = Browser.repository.appendingPathComponent("docs/screenshots")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(png).write(to: folder.appendingPathComponent(name))
    }

    /// Navigates the way a link does (the page starts it, not the address bar):
    /// `location.assign(url)`, and waits for the new page.
    @discardableResult
    func assignLocation(_ url: String) async throws -> TestPage {
        let session = try await webDriverSession()
        try await session.expectNavigation {
            _ = try await session.execute("location.assign(arguments[0]); return null;", [.string(url)])
        }
        return try await browserPageChanged(by: "location.assign(\(url))")
    }

    /// Types keys into the field with this label, as a person does with the field focused
    /// (`[.enter]` submits its form: then the new page becomes the client's page).
    @discardableResult
    func type(_ keys: [WebDriverKey], into label: String, navigates: Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws -> TestPage? {
        let id = try #require(try element(.label(label), sourceLocation: sourceLocation)["id"], sourceLocation: sourceLocation)
        return try await type(keys, intoCSS: "#\(id)", navigates: navigates)
    }

    /// Types keys into the element a CSS selector finds (for what has no label, as the
    /// storyboard's panning region).
    @discardableResult
    func type(_ keys: [WebDriverKey], intoCSS selector: String, navigates: Bool) async throws -> TestPage? {
        let session = try await webDriverSession()
        let target = try await session.findElement(css: selector)
        let text = keys.map(\.value).joined()
        guard navigates else {
            try await session.type(text, into: target)
            return nil
        }
        try await session.expectNavigation { try await session.type(text, into: target) }
        return try await browserPageChanged(by: "keys " + keys.map(\.name).joined(separator: " "))
    }

    /// Presses one key wherever the focus is, without a navigation (Tab, say).
    func pressKey(_ key: WebDriverKey) async throws {
        try await webDriverSession().pressKey(key)
    }

    /// Emulates a colour scheme and a viewport with Chrome DevTools, without reloading.
    func emulate(colorScheme: String, width: Int, height: Int) async throws {
        let session = try await webDriverSession()
        try await session.devTools("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": .string(colorScheme)]]])
        try await session.devTools("Emulation.setDeviceMetricsOverride", [
            "width": .number(Double(width)), "height": .number(Double(height)), "deviceScaleFactor": 1, "mobile": false,
        ])
    }
}
