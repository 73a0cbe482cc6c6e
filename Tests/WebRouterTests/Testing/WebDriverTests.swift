import Foundation
import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP
@testable import WebRouterTesting

#if canImport(Glibc)
import Glibc
#endif

/// The JSON reader and writer the WebDriver client speaks with (no browser needed).
@Suite("WebDriver's JSON values")
struct JSONValueTests {
    @Test func roundTripsAndKeepsBooleansApartFromNumbers() throws {
        let text = #"{"a":[1,2.5,-3e2,true,false,null],"b":{"c":"d\"\\\n\u00e9\ud83d\ude00"},"e":""}"#
        let value = try JSONValue(parsing: text)
        #expect(value["a"] == [1, 2.5, -300, true, false, nil])
        #expect(value["b"]?["c"]?.stringValue == "d\"\\\né😀")
        #expect(value["a"]?.arrayValue?[3] == .bool(true) && value["a"]?.arrayValue?[0] == .number(1))
        #expect(try JSONValue(parsing: value.serialized) == value)
        #expect(JSONValue.object(["w": 1280, "x": 0.5, "s": "\u{E00C}\u{1}"]).serialized == #"{"s":"\#u{E00C}\u0001","w":1280,"x":0.5}"#)
    }

    @Test func rejectsWhatIsNotJSON() {
        for bad in ["", "{", "[1,]", "{\"a\" 1}", "tru", "\"open", "1 2", "{\"a\":1,}"] {
            #expect(throws: JSONParseError.self, "\(bad)") { try JSONValue(parsing: bad) }
        }
    }
}

/// The WebDriver client against headless Chromium and a live WebRouter server. Skipped, with
/// the reason, where chromedriver or Chromium is missing.
@Suite(
    "WebDriver client (headless Chromium)",
    .enabled(if: WebDriverSession.unavailableReason == nil,
             Comment(rawValue: WebDriverSession.unavailableReason ?? "")),
    .serialized
)
struct WebDriverTests {
    /// Pages served from the live server's public directory under `/static/`.
    static let pages: [String: String] = [
        "a.html": """
            <!doctype html><html><head><title>Page A</title></head><body>
            <a id="to-b" href="b.html">To B</a>
            <input id="name" type="text"><p id="echo"></p>
            <script>
            document.getElementById('name').addEventListener('input', e => {
              document.getElementById('echo').textContent = e.target.value
            })
            </script></body></html>
            """,
        "form.html": """
            <!doctype html><html><head><title>Search</title></head><body>
            <form action="b.html"><input name="q"><button>Search</button></form></body></html>
            """,
        "later.html": """
            <!doctype html><html><head><title>Later</title></head><body>
            <script>window.goLater = () => setTimeout(() => { location.href = 'b.html?from=later' }, 300)</script></body></html>
            """,
        "b.html": "<!doctype html><html><head><title>Page B</title></head><body><p id=here>B</p></body></html>",
        "keys.html": """
            <!doctype html><html><head><title>Keys</title></head><body>
            <dialog id="sheet"><p>A sheet</p></dialog>
            <script>
            window.keys = []
            window.cancelled = false
            document.addEventListener('keydown', e => window.keys.push(e.key))
            const sheet = document.getElementById('sheet')
            sheet.addEventListener('cancel', () => { window.cancelled = true })
            sheet.showModal()
            </script></body></html>
            """,
        // An image from the port its query names, added while the page parses: it delays the load event.
        "stall.html": """
            <!doctype html><html><head><title>Stall</title></head><body>
            <script>
            const image = new Image()
            image.src = 'http://127.0.0.1:' + new URLSearchParams(location.search).get('port') + '/stall.png'
            document.body.append(image)
            </script></body></html>
            """,
        "scripted.html": """
            <!doctype html><html><head><title>Static</title></head><body>
            <noscript><p id="fallback">No script here</p></noscript>
            <script>document.title = 'Scripted'</script></body></html>
            """,
    ]

    /// Serves the seed app live with ``pages`` under `/static/`, starts a browser, runs `body`
    /// with the session and the server's origin, then quits the browser and stops the server.
    func withBrowser(
        _ options: WebDriverSession.Options = .init(),
        _ body: (WebDriverSession, String) async throws -> Void
    ) async throws {
        let directory = NSTemporaryDirectory() + "/webdriver-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for (name, html) in Self.pages {
            try html.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
        }
        let app = Application(table: SeedTree.table, configuration: .init())
        try await app.test(.live, publicDirectory: directory) { client in
            let origin = "http://127.0.0.1:\(client.port!)"
            let session = try await WebDriverSession.start(options)
            do {
                try await body(session, origin)
                await session.quit()
            } catch {
                await session.quit()
                throw error
            }
        }
    }

    @Test func navigatesAndReadsTheURLAndTitle() async throws {
        try await withBrowser { session, origin in
            try await session.navigate(to: origin + "/")
            #expect(try await session.currentURL() == origin + "/feed")   // the server's redirect, followed
            try await session.navigate(to: origin + "/static/b.html")
            #expect(try await session.currentURL() == origin + "/static/b.html")
            #expect(try await session.title() == "Page B")
            #expect(try await session.pageSource().contains(#"<p id="here">B</p>"#))
        }
    }

    @Test func executeReturnsJSONValuesAndElements() async throws {
        try await withBrowser { session, origin in
            try await session.navigate(to: origin + "/static/b.html")
            #expect(try await session.execute("return 1 + 2") == 3)
            #expect(try await session.execute("return arguments[0] + '!'", ["hi"]) == "hi!")
            #expect(try await session.execute("return [true, null, {a: 'b'}]") == [true, nil, ["a": "b"]])
            #expect(try await session.execute("document.title = 'x'") == .null)
            let returned = try await session.execute("return document.getElementById('here')")
            let element = try #require(WebDriverElement(reference: returned))
            #expect(try await session.text(of: element) == "B")
            #expect(try await session.execute("return arguments[0].id", [element.reference]) == "here")
            let width = try await session.execute("return window.innerWidth").intValue
            #expect(width == 1280)
            do {
                _ = try await session.execute("throw new Error('boom')")
                Issue.record("a thrown exception should fail")
            } catch let error as WebDriverError {
                #expect(error.code == "javascript error" && error.message.contains("boom"))
                #expect(error.command == "POST /session/{id}/execute/sync")
            }
        }
    }

    @Test func clickingALinkBringsANewDocument() async throws {
        try await withBrowser { session, origin in
            try await session.navigate(to: origin + "/static/a.html")
            let link = try await session.findElement(xpath: "//a[.='To B']")
            let marker = try await session.markDocument()
            try await session.click(link)
            try await session.waitForNewDocument(after: marker)
            #expect(try await session.currentURL() == origin + "/static/b.html")
            #expect(try await session.findElements(xpath: "//p[@id='here']").count == 1)
            // The same through expectNavigation, and the missing element's error.
            try await session.navigate(to: origin + "/static/a.html")
            let again = try await session.findElement(css: "#to-b")
            try await session.expectNavigation { try await session.click(again) }
            #expect(try await session.title() == "Page B")
            await #expect(throws: WebDriverError.self) { try await session.findElement(xpath: "//nav") }
            // A form submitted by its button, then by Enter in its field.
            try await session.navigate(to: origin + "/static/form.html")
            try await session.expectNavigation { try await session.click(session.findElement(xpath: "//button[.='Search']")) }
            #expect(try await session.currentURL() == origin + "/static/b.html?q=")
            try await session.back()
            let field = try await session.findElement(css: "input[name=q]")
            try await session.expectNavigation { try await session.type("Ada" + WebDriverKey.enter.value, into: field) }
            #expect(try await session.currentURL() == origin + "/static/b.html?q=Ada")
        }
    }

    @Test func waitsForANavigationThePageStartsByItself() async throws {
        try await withBrowser { session, origin in
            try await session.navigate(to: origin + "/static/later.html")
            let marker = try await session.markDocument()
            #expect(try await session.title() == "Later")
            // Started only now: a page that navigated on its own timer could leave before the
            // title was read on a loaded machine.
            _ = try await session.execute("window.goLater(); return ''")
            try await session.waitForNewDocument(after: marker, timeout: .seconds(10))
            #expect(try await session.currentURL() == origin + "/static/b.html?from=later")
            #expect(try await session.execute("return document.readyState") == "complete")
        }
    }

    @Test func waitingWithoutANavigationTimesOutClearly() async throws {
        try await withBrowser { session, origin in
            try await session.navigate(to: origin + "/static/b.html")
            let marker = try await session.markDocument()
            do {
                try await session.waitForNewDocument(after: marker, timeout: .milliseconds(300))
                Issue.record("no navigation happened")
            } catch let error as WebDriverError {
                #expect(error.code == "navigation timeout")
                #expect(error.description.contains("still the marked document"))
            }
        }
    }

    /// A page load that times out once (a CPU-starved renderer answers the same way) is loaded
    /// again, with a warning; a page that stalls every time fails saying what was unfinished.
    @Test func aPageLoadThatTimesOutOnceIsLoadedAgain() async throws {
        let listener = try StallingListener(holding: 1)
        defer { listener.stop() }
        var options = WebDriverSession.Options()
        options.pageLoadTimeout = .seconds(2)
        try await withBrowser(options) { session, origin in
            let url = origin + "/static/stall.html?port=\(listener.port)"
            try await session.navigate(to: url)
            #expect(try await session.currentURL() == url)
            #expect(try await session.execute("return document.readyState") == "complete")
            #expect(listener.requestsRead >= 2)
        }
    }

    @Test func aPageThatNeverFinishesLoadingFailsSayingWhatIsUnfinished() async throws {
        let listener = try StallingListener(holding: .max)
        defer { listener.stop() }
        var options = WebDriverSession.Options()
        options.pageLoadTimeout = .seconds(2)
        try await withBrowser(options) { session, origin in
            let url = origin + "/static/stall.html?port=\(listener.port)"
            do {
                try await session.navigate(to: url)
                Issue.record("a page whose image never loads should time out")
            } catch let error as WebDriverError {
                #expect(error.code == "timeout")
                #expect(error.description.contains("loading \(url)"))
                #expect(error.description.contains("images not loaded: http://127.0.0.1:\(listener.port)/stall.png"))
            }
        }
    }

    @Test func typesIntoAnInputAndClearsIt() async throws {
        try await withBrowser { session, origin in
            try await session.navigate(to: origin + "/static/a.html")
            let field = try await session.findElement(xpath: "//input[@id='name']")
            try await session.type("Ada Lovelace", into: field)
            #expect(try await session.property("value", of: field) == "Ada Lovelace")
            #expect(try await session.text(of: session.findElement(css: "#echo")) == "Ada Lovelace")
            try await session.clear(field)
            #expect(try await session.property("value", of: field) == "")
            #expect(try await session.attribute("type", of: field) == "text")
            #expect(try await session.attribute("placeholder", of: field) == nil)
        }
    }

    @Test func escapeReachesKeydownListenersAndCancelsAModalDialog() async throws {
        try await withBrowser { session, origin in
            try await session.navigate(to: origin + "/static/keys.html")
            #expect(try await session.execute("return document.getElementById('sheet').open") == true)
            try await session.pressKey(.escape)
            #expect(try await session.execute("return window.keys") == ["Escape"])
            #expect(try await session.execute("return window.cancelled") == true)
            #expect(try await session.execute("return document.getElementById('sheet').open") == false)
            try await session.pressKey(.tab)
            try await session.pressKey(.enter)
            try await session.pressKey(.character("x"))
            #expect(try await session.execute("return window.keys") == ["Escape", "Tab", "Enter", "x"])
        }
    }

    @Test func backForwardAndRefresh() async throws {
        try await withBrowser { session, origin in
            try await session.navigate(to: origin + "/static/a.html")
            try await session.navigate(to: origin + "/static/b.html")
            try await session.back()
            #expect(try await session.currentURL() == origin + "/static/a.html")
            try await session.forward()
            #expect(try await session.currentURL() == origin + "/static/b.html")
            let marker = try await session.markDocument()
            try await session.refresh()
            #expect(try await session.execute("return window.__webrouterTestMarker === undefined") == true)
            try await session.waitForNewDocument(after: marker, timeout: .seconds(2))   // already there
            #expect(try await session.currentURL() == origin + "/static/b.html")
        }
    }

    @Test func screenshotsArePNGsOfTheWindowSize() async throws {
        try await withBrowser(.init(width: 800, height: 600)) { session, origin in
            try await session.navigate(to: origin + "/feed")
            let png = try await session.screenshot()
            #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            #expect(Self.pngSize(png)?.width == 800)
            try await session.setWindowSize(width: 500, height: 700)
            #expect(try await session.execute("return window.innerWidth") == 500)
            #expect(Self.pngSize(try await session.screenshot())?.width == 500)
            try await session.setViewportSize(width: 390, height: 844)
            #expect(try await session.execute("return [innerWidth, innerHeight]") == [390, 844])
            #expect(Self.pngSize(try await session.screenshot()).map { [$0.width, $0.height] } == [390, 844])
        }
    }

    @Test func reducedMotionIsWhatThePageSees() async throws {
        try await withBrowser { session, origin in
            try await session.navigate(to: origin + "/static/b.html")
            #expect(try await session.execute("return matchMedia('(prefers-reduced-motion: reduce)').matches") == true)
        }
        try await withBrowser(.init(reducedMotion: false)) { session, origin in
            try await session.navigate(to: origin + "/static/b.html")
            #expect(try await session.execute("return matchMedia('(prefers-reduced-motion: reduce)').matches") == false)
        }
    }

    @Test func withJavaScriptOffPageScriptsDoNotRun() async throws {
        try await withBrowser(.init(javaScript: false)) { session, origin in
            try await session.navigate(to: origin + "/static/scripted.html")
            #expect(try await session.title() == "Static")
            let fallback = try await session.findElement(xpath: "//noscript/p | //p[@id='fallback']")
            #expect(try await session.text(of: fallback) == "No script here")
            // WebDriver's own scripts still run (through DevTools), so navigation waits work.
            #expect(try await session.execute("return 6 * 7") == 42)
            try await session.navigate(to: origin + "/static/a.html")
            try await session.expectNavigation { try await session.click(session.findElement(css: "#to-b")) }
            #expect(try await session.title() == "Page B")
        }
        try await withBrowser { session, origin in
            try await session.navigate(to: origin + "/static/scripted.html")
            #expect(try await session.title() == "Scripted")
        }
    }

    @Test func quitLeavesNothingRunningAndMayBeCalledTwice() async throws {
        let session = try await WebDriverSession.start()
        let pid = session.driverProcessID
        #expect(kill(pid, 0) == 0)
        #if os(Linux)
        // chromedriver leads a process group of its own, and Chromium's processes are in it: the
        // group is what quit() (and a dropped session's deinit) kills.
        #expect(Self.livingMembers(ofProcessGroup: pid).count >= 2)
        #endif
        await session.quit()
        await session.quit()
        #expect(kill(pid, 0) == -1)        // chromedriver is gone (reaped)…
        // …and nothing of its process group (Chromium and its helpers) is alive: at most zombies
        // waiting for init to reap them. SIGKILL is asynchronous, so allow a moment.
        let deadline = ContinuousClock.now + .seconds(3)
        while !Self.livingMembers(ofProcessGroup: pid).isEmpty, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(Self.livingMembers(ofProcessGroup: pid).isEmpty)
        await #expect(throws: WebDriverError.self) { try await session.currentURL() }
    }

    @Test func aSessionDroppedWithoutQuitKillsItsBrowser() async throws {
        var session: WebDriverSession? = try await WebDriverSession.start()
        let pid = try #require(session?.driverProcessID)
        session = nil   // deinit: SIGKILL to chromedriver's process group
        let deadline = ContinuousClock.now + .seconds(3)
        while !Self.livingMembers(ofProcessGroup: pid).isEmpty, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(Self.livingMembers(ofProcessGroup: pid).isEmpty)
        #expect(session == nil)
    }

    @Test func aBrowserThatCannotStartIsAClearErrorAndLeavesNothingRunning() async throws {
        var options = WebDriverSession.Options()
        options.chromium = "/bin/false"
        do {
            let session = try await WebDriverSession.start(options)
            await session.quit()
            Issue.record("/bin/false is no browser")
        } catch let error as WebDriverError {
            #expect(error.command == "POST /session")
            #expect(error.code == "session not created")
            #expect(error.logTail?.isEmpty == false)
        }
    }

    @Test func startAndFirstNavigationTakeSeconds() async throws {
        let clock = ContinuousClock()
        try await withBrowser { _, _ in }   // warms the disk cache
        let app = Application(table: SeedTree.table, configuration: .init())
        try await app.test(.live) { client in
            var session: WebDriverSession?
            let started = try await clock.measure { session = try await WebDriverSession.start() }
            let navigated = try await clock.measure { try await session!.navigate(to: "http://127.0.0.1:\(client.port!)/feed") }
            let sizes = try await session!.execute("return [innerWidth, innerHeight, outerWidth, outerHeight]")
            print("WebDriver window 1280×900: inner×outer \(sizes)")
            let quit = await clock.measure { await session!.quit() }
            print("WebDriver timing: start \(started), first navigation \(navigated), quit \(quit)")
            #expect(started < .seconds(30))
        }
    }

    /// The processes of a process group that are not zombies, from `/proc/<pid>/stat` (Linux;
    /// elsewhere none are found).
    static func livingMembers(ofProcessGroup group: Int32) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { $0.allSatisfy(\.isNumber) }.compactMap { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            // After "pid (comm) ": state ppid pgrp …
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, Int32(fields[2]) == group, fields[0] != "Z" else { return nil }
            return String(stat.prefix(upTo: close)) + ") " + fields[0]
        }
    }

    /// The width and height of a PNG, from its IHDR chunk.
    static func pngSize(_ png: [UInt8]) -> (width: Int, height: Int)? {
        guard png.count >= 24 else { return nil }
        func int(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }
}
