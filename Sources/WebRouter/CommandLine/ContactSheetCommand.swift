import ArgumentParser
import Foundation
import WebRouterHTML

/// `contact-sheet`: captures every state the state check enumerates in headless Chromium
/// (phone, tablet and desktop widths, light and dark) into a folder of static HTML
/// (``Application/contactSheet(_:to:)``); against `--baseline`, flags the changed screens
/// with a diff image; runs axe-core on every page where it is installed; exits with status 1
/// when a screen changed or axe-core found a violation.
///
/// ```sh
/// notes contact-sheet --out .build/contact-sheet
/// notes contact-sheet --out sheet --baseline sheet-main --threshold 0.001 --base-url https://notes.example
/// ```
struct ContactSheetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contact-sheet",
        abstract: "Capture every state in headless Chromium into a folder of static HTML; compare with a baseline."
    )

    @Option(help: "The folder to write (index.html, shots/, diffs/).")
    var out: String

    @Option(help: "A contact sheet made before: changed screens are flagged with a diff image, and the command exits with status 1.")
    var baseline: String?

    @Option(help: "The share of a screen's pixels (0-1) that may differ from the baseline before it counts as changed.")
    var threshold: Double = 0

    @Option(name: .customLong("pixel-tolerance"), help: "How far (0-1) a pixel's channel may move and still count as the same.")
    var pixelTolerance: Double = 0.1

    @Option(name: .customLong("base-url"), help: "Where the app is served: each screenshot links to its state there.")
    var baseURL: String = "http://127.0.0.1:8080"

    @Option(help: "At most this many states per screen and kind of query (as the check's --cap).")
    var cap: Int = 2

    @Option(name: .customLong("viewport"), help: "phone, tablet, desktop or name=WIDTHxHEIGHT (repeat; default: the three).")
    var viewports: [String] = []

    @Option(name: .customLong("scheme"), help: "light or dark (repeat; default: both).")
    var schemes: [String] = []

    @Option(name: .customLong("sign-in"), help: "The page of a sign-in form, to capture protected screens signed in as well.")
    var signInPage: String?

    @Option(name: .customLong("field"), help: "A sign-in field as name=value (repeat for each field).")
    var fields: [String] = []

    @Option(name: .customLong("input"), help: "Example input for GET forms as name=value (repeat for more values).")
    var inputs: [String] = []

    @Option(name: .customLong("public"), help: "The app's static files, served under /static/ (default: ./Public when it exists).")
    var publicDirectory: String?

    @Option(help: "axe-core's axe.min.js, run on every page (default: $AXE_JS, else axe-playwright-python's copy).")
    var axe: String?

    @Flag(name: .customLong("no-axe"), help: "Do not run axe-core.")
    var noAxe = false

    @Option(help: "The Chromium executable (default: $CHROMIUM, else /usr/bin/chromium).")
    var chromium: String?

    func run() async throws {
        let app = try ApplicationCommand.current()
        let options = try contactSheetOptions()
        do {
            let sheet = try await app.contactSheet(options, to: out)
            print("Contact sheet: \(sheet.summary)")
            for entry in sheet.changedEntries {
                for shot in entry.shots where shot.changed {
                    print("  changed: \(entry.state.url) (\(entry.state.viewer)), \(shot.viewport) \(shot.colorScheme.rawValue): \(ContactSheetPage.percent(shot.differingShare ?? 1)) of pixels, diff in \(out)/\(shot.diffFile ?? "")")
                }
            }
            for entry in sheet.entriesWithViolations {
                for violation in entry.violations {
                    print("  axe-core: \(entry.state.url) (\(entry.state.viewer)): \(violation.rule) (\(violation.impact)): \(violation.help) [\(violation.shots.joined(separator: "; "))]")
                }
            }
            if !sheet.ranAxe && options.runsAxe {
                print("  (axe-core not found: pip install axe-playwright-python, or set AXE_JS, to check each state with it)")
            }
            if !sheet.changedEntries.isEmpty || !sheet.entriesWithViolations.isEmpty { throw ExitCode(1) }
        } catch let error as ContactSheetError {
            FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
            throw ExitCode(1)
        }
    }

    /// The options the arguments say.
    func contactSheetOptions() throws -> ContactSheetOptions {
        var check = StateCheckOptions(capPerScreen: cap)
        if let signInPage {
            check.signIn = StateCheckOptions.SignIn(page: signInPage, fields: try Self.pairs(fields, "--field").reduce(into: [:]) { $0[$1.0] = $1.1 })
        }
        for (name, value) in try Self.pairs(inputs, "--input") { check.exampleInput[name, default: []].append(value) }
        var options = ContactSheetOptions(check: check, baseURL: baseURL, baseline: baseline)
        options.threshold = ContactSheetOptions.Threshold(differingShare: threshold, pixelTolerance: pixelTolerance)
        options.publicDirectory = publicDirectory
        options.chromium = chromium
        options.axeScript = axe
        options.runsAxe = !noAxe
        if !viewports.isEmpty { options.viewports = try viewports.map(Self.viewport) }
        if !schemes.isEmpty {
            options.colorSchemes = try schemes.map { name in
                guard let scheme = ContactSheetOptions.ColorScheme(rawValue: name) else { throw ValidationError("--scheme takes light or dark, not \(name)") }
                return scheme
            }
        }
        return options
    }

    static func pairs(_ values: [String], _ option: String) throws -> [(String, String)] {
        try values.map { value in
            guard let equals = value.firstIndex(of: "=") else { throw ValidationError("\(option) takes name=value, not \(value)") }
            return (String(value[..<equals]), String(value[value.index(after: equals)...]))
        }
    }

    static func viewport(_ text: String) throws -> ContactSheetOptions.Viewport {
        switch text {
        case "phone": return .phone
        case "tablet": return .tablet
        case "desktop": return .desktop
        default:
            let parts = text.split(separator: "=", maxSplits: 1)
            let size = parts.count == 2 ? parts[1].split(separator: "x") : []
            guard size.count == 2, let width = Int(size[0]), let height = Int(size[1]), width > 0, height > 0 else {
                throw ValidationError("--viewport takes phone, tablet, desktop or name=WIDTHxHEIGHT, not \(text)")
            }
            return ContactSheetOptions.Viewport(name: String(parts[0]), width: width, height: height)
        }
    }
}
