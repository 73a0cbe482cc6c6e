import Foundation
import Logging
@_spi(WebRouterInternals) import WebRouterHTTP

/// Makes a contact sheet (``Application/contactSheet(_:to:)``): enumerates the states with
/// the state check, serves the app on a loopback port, captures each state in one headless
/// Chromium at every viewport and colour scheme, compares each screenshot with the
/// baseline's, and writes `index.html`.
struct ContactSheetBuilder {
    let app: Application
    let options: ContactSheetOptions
    let folder: String

    /// One screenshot to take: the state, its file, and the browser's settings.
    struct Capture: Sendable {
        var entry: Int
        var url: String
        var cookie: String?
        var viewport: ContactSheetOptions.Viewport
        var scheme: ContactSheetOptions.ColorScheme
        var file: String
    }

    /// What one capture gave: its share of differing pixels and diff file against the
    /// baseline, and axe-core's violations.
    struct Compared: Sendable {
        var share: Double?
        var diff: String?
        var violations: [ChromiumDevTools.AxeViolation] = []
    }

    func run() async throws -> ContactSheetReport {
        if let reason = ChromiumDevTools.unavailableReason(options.chromium) { throw ContactSheetError(reason) }
        // The states, in tree order.
        var check = options.check
        check.comparesPageState = false
        check.reportPath = nil
        let checker = StateChecker(app: app, options: check)
        let report = await checker.run()
        var position: [Int: Int] = [:]
        for (index, entry) in checker.declared.enumerated() where position[entry.node] == nil { position[entry.node] = index }
        let states = report.states.enumerated().sorted { a, b in
            let pa = checker.placeKey(of: a.element.url).flatMap { position[$0.node] } ?? Int.max
            let pb = checker.placeKey(of: b.element.url).flatMap { position[$0.node] } ?? Int.max
            return pa != pb ? pa < pb : a.offset < b.offset
        }.map(\.element)

        // The folder: the previous run's screenshots go unless they are the baseline.
        let files = FileManager.default
        let root = URL(fileURLWithPath: folder)
        let sameAsBaseline = options.baseline.map { URL(fileURLWithPath: $0).standardizedFileURL.path == root.standardizedFileURL.path } ?? false
        do {
            try files.createDirectory(at: root, withIntermediateDirectories: true)
            if !sameAsBaseline { try? files.removeItem(at: root.appendingPathComponent("shots")) }
            try? files.removeItem(at: root.appendingPathComponent("diffs"))
            try files.createDirectory(at: root.appendingPathComponent("shots"), withIntermediateDirectories: true)
        } catch {
            throw ContactSheetError("cannot write the contact sheet to \(folder): \(error.localizedDescription)")
        }

        var entries: [ContactSheetReport.Entry] = []
        var captures: [Capture] = []
        for (index, state) in states.enumerated() {
            let base = "shots/" + Self.fileName(viewer: state.viewer, url: state.url)
            var shots: [ContactSheetReport.Shot] = []
            for viewport in options.viewports {
                for scheme in options.colorSchemes {
                    let file = "\(base).\(Self.slug(viewport.name)).\(scheme.rawValue).png"
                    shots.append(ContactSheetReport.Shot(viewport: viewport.name, colorScheme: scheme, file: file))
                    captures.append(Capture(entry: index, url: state.url, cookie: checker.cookieHeaders[state.viewer],
                                            viewport: viewport, scheme: scheme, file: file))
                }
            }
            entries.append(ContactSheetReport.Entry(state: state, anchor: "s\(index + 1)", shots: shots))
        }

        // The app on a loopback port, for the browser.
        var configuration = app.configuration.server
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.threadCount = 2
        if let publicDirectory = options.publicDirectory {
            configuration.publicDirectory = publicDirectory
        } else if configuration.publicDirectory == nil, StaticFiles.isDirectory("Public") {
            configuration.publicDirectory = "Public"
        }
        var quiet = Logger(label: "webrouter.contact-sheet")
        quiet.logLevel = .error
        let server = app.server(for: configuration, logger: quiet, accessLogger: quiet)
        do {
            try server.start()
        } catch {
            throw ContactSheetError("the app's server for the screenshots did not start: \(error)")
        }
        var axe: String?
        if let path = options.resolvedAxeScript {
            guard let source = try? String(contentsOfFile: path, encoding: .utf8) else {
                await server.stop()
                throw ContactSheetError("cannot read axe-core at \(path)")
            }
            axe = source
        }
        let origin = "http://127.0.0.1:\(server.port)"
        let result = await Self.captureAll(captures, origin: origin, folder: root, options: options, axe: axe)
        await server.stop()
        let compared = try result.get()
        for (index, capture) in captures.enumerated() {
            guard let shot = entries[capture.entry].shots.firstIndex(where: { $0.file == capture.file }) else { continue }
            entries[capture.entry].shots[shot].differingShare = compared[index].share
            entries[capture.entry].shots[shot].diffFile = compared[index].diff
            for found in compared[index].violations {
                let place = "\(capture.viewport.name), \(capture.scheme.rawValue)"
                if let known = entries[capture.entry].violations.firstIndex(where: { $0.rule == found.id }) {
                    entries[capture.entry].violations[known].shots.append(place)
                    entries[capture.entry].violations[known].nodes = max(entries[capture.entry].violations[known].nodes, found.nodes)
                } else {
                    entries[capture.entry].violations.append(ContactSheetReport.Violation(
                        rule: found.id, impact: found.impact ?? "unknown", help: found.help, nodes: found.nodes, shots: [place]))
                }
            }
        }

        var sheet = ContactSheetReport(folder: folder, entries: entries, hasBaseline: options.baseline != nil)
        sheet.ranAxe = axe != nil
        let page = ContactSheetPage(appName: app.configuration.appName, report: sheet, options: options)
        do {
            try Data(page.html.utf8).write(to: root.appendingPathComponent("index.html"))
        } catch {
            throw ContactSheetError("cannot write \(folder)/index.html: \(error.localizedDescription)")
        }
        return sheet
    }

    /// Takes every screenshot in one browser on a thread of its own (the DevTools pipe blocks),
    /// writing each and comparing it with the baseline's: per capture, the differing share
    /// and the diff image's file.
    static func captureAll(
        _ captures: [Capture], origin: String, folder: URL, options: ContactSheetOptions, axe: String?
    ) async -> Result<[Compared], ContactSheetError> {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: Result { () throws(ContactSheetError) in
                    try capture(captures, origin: origin, folder: folder, options: options, axe: axe)
                })
            }
            thread.start()
        }
    }

    static func capture(
        _ captures: [Capture], origin: String, folder: URL, options: ContactSheetOptions, axe: String?
    ) throws(ContactSheetError) -> [Compared] {
        let browser: ChromiumDevTools
        do {
            browser = try ChromiumDevTools.launch(options.chromium)
        } catch {
            throw ContactSheetError("\(error)")
        }
        defer { browser.close() }
        var results: [Compared] = []
        for capture in captures {
            let png: [UInt8]
            var result = Compared()
            do {
                (png, result.violations) = try browser.capture(
                    origin + capture.url, width: capture.viewport.width, height: capture.viewport.height,
                    dark: capture.scheme == .dark, cookie: capture.cookie, axe: axe)
            } catch {
                throw ContactSheetError("capturing \(capture.url) (\(capture.viewport.name), \(capture.scheme.rawValue)): \(error)")
            }
            if let baseline = options.baseline {
                let old = URL(fileURLWithPath: baseline).appendingPathComponent(capture.file)
                if let data = FileManager.default.contents(atPath: old.path) {
                    do {
                        let comparison = ScreenshotComparison(
                            baseline: try PNGImage(decoding: [UInt8](data)), current: try PNGImage(decoding: png),
                            pixelTolerance: options.threshold.pixelTolerance)
                        result.share = comparison.differingShare
                        if comparison.differingShare > options.threshold.differingShare, let diff = comparison.diffImage {
                            let name = "diffs/" + capture.file.dropFirst("shots/".count)
                            try FileManager.default.createDirectory(at: folder.appendingPathComponent("diffs"), withIntermediateDirectories: true)
                            try Data(diff.encoded()).write(to: folder.appendingPathComponent(name))
                            result.diff = name
                        }
                    } catch {
                        throw ContactSheetError("comparing \(capture.file) with \(old.path): \(error)")
                    }
                }
            }
            do {
                try Data(png).write(to: folder.appendingPathComponent(capture.file))
            } catch {
                throw ContactSheetError("cannot write \(capture.file): \(error.localizedDescription)")
            }
            results.append(result)
        }
        return results
    }

    // MARK: - Names

    /// A state's file name: its URL made safe for a file (at most 60 characters) and a hash
    /// of the viewer and the URL, so two states never share a file and a state keeps its
    /// file from one run to the next (what the baseline comparison matches by).
    static func fileName(viewer: String, url: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in (viewer + "\n" + url).utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        let hex = String(hash, radix: 16)
        let readable = slug(url == "/" ? "root" : url)
        return String(readable.prefix(60)) + "-" + String(repeating: "0", count: 8 - hex.count) + hex
    }

    static func slug(_ text: String) -> String {
        var out = ""
        for character in text.lowercased() {
            if character.isASCII && (character.isLetter || character.isNumber) {
                out.append(character)
            } else if !out.isEmpty && !out.hasSuffix("-") {
                out.append("-")
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "state" : out
    }
}
