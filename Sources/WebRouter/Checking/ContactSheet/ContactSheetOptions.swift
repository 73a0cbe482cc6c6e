import Foundation

/// What the contact sheet (``Application/contactSheet(_:to:)``, `<app> contact-sheet`)
/// captures and how it compares: the states (the state check's options and cap), the
/// viewports and colour schemes, the base URL the images link to, the baseline and its
/// threshold.
///
/// ```swift
/// var options = ContactSheetOptions(check: StateCheckOptions(capPerScreen: 2))
/// options.baseline = "ContactSheetBaseline"
/// options.threshold = ContactSheetOptions.Threshold(differingShare: 0.002, pixelTolerance: 0.1)
/// ```
public struct ContactSheetOptions: Sendable {
    /// A browser window the states are captured in: a name for the sheet and the files, and
    /// its size in CSS pixels (the screenshot is the viewport, the first screen a person sees).
    ///
    /// ```swift
    /// let watch = ContactSheetOptions.Viewport(name: "small", width: 320, height: 568)
    /// ```
    public struct Viewport: Sendable, Hashable {
        /// `phone`, `tablet`, `desktop`: shown on the sheet and part of each file's name.
        public var name: String
        /// The viewport's width in CSS pixels.
        public var width: Int
        /// The viewport's height in CSS pixels.
        public var height: Int

        /// A viewport named `name` of `width` × `height` CSS pixels.
        public init(name: String, width: Int, height: Int) {
            self.name = name
            self.width = width
            self.height = height
        }

        /// A phone: 390 × 844.
        public static let phone = Viewport(name: "phone", width: 390, height: 844)
        /// A tablet: 820 × 1180.
        public static let tablet = Viewport(name: "tablet", width: 820, height: 1180)
        /// A desktop window: 1280 × 800.
        public static let desktop = Viewport(name: "desktop", width: 1280, height: 800)
    }

    /// The colour scheme the browser asks pages for (`prefers-color-scheme`).
    ///
    /// ```swift
    /// options.colorSchemes = [.dark]
    /// ```
    public enum ColorScheme: String, Sendable, CaseIterable {
        /// `prefers-color-scheme: light`.
        case light
        /// `prefers-color-scheme: dark`.
        case dark
    }

    /// When a screenshot counts as changed against its baseline, as Playwright's
    /// `toHaveScreenshot` decides: a pixel differs when a channel moved by more than
    /// `pixelTolerance` (0–1 of the channel's range), and the screen changed when more than
    /// `differingShare` of its pixels differ (or its size changed).
    ///
    /// ```swift
    /// let lenient = ContactSheetOptions.Threshold(differingShare: 0.01, pixelTolerance: 0.2)
    /// ```
    public struct Threshold: Sendable, Equatable {
        /// The share of differing pixels (0–1) a screen may have and still count as unchanged.
        public var differingShare: Double
        /// How far (0–1) a pixel's channel may move and still count as the same.
        public var pixelTolerance: Double

        /// A threshold: by default no pixel may differ by more than 10 % of a channel.
        public init(differingShare: Double = 0, pixelTolerance: Double = 0.1) {
            self.differingShare = differingShare
            self.pixelTolerance = pixelTolerance
        }
    }

    /// The states: the state check's options (its cap per screen, sign-in, example input).
    public var check: StateCheckOptions
    /// The viewports each state is captured in: phone, tablet and desktop by default.
    public var viewports: [Viewport] = [.phone, .tablet, .desktop]
    /// The colour schemes each state is captured in: light and dark by default.
    public var colorSchemes: [ColorScheme] = ColorScheme.allCases
    /// The origin the images link to (each state's deep link): where the app is served.
    public var baseURL: String
    /// A contact sheet made before (its folder): each screenshot is compared with the one of
    /// the same state, viewport and scheme there, and changed screens are flagged with a diff.
    public var baseline: String?
    /// When a screenshot counts as changed against the baseline.
    public var threshold: Threshold = Threshold()
    /// The app's static files, served under `/static/` while the screenshots are taken
    /// (`nil`: `./Public` when it exists, as `serve` does).
    public var publicDirectory: String?
    /// axe-core's `axe.min.js`, run on every screenshot's page and reported per state (`nil`:
    /// `$AXE_JS`, else the copy the Python package axe-playwright-python ships, else none);
    /// ``runsAxe`` turns it off.
    public var axeScript: String?
    /// Whether axe-core runs on each page where it is found.
    public var runsAxe = true
    /// The Chromium executable (`nil`: `$CHROMIUM`, else `/usr/bin/chromium`, else on `PATH`).
    public var chromium: String?

    /// Why the contact sheet cannot be made here (Chromium missing), or `nil` when it can.
    ///
    /// ```swift
    /// if let reason = ContactSheetOptions().unavailableReason { print("no contact sheet:", reason) }
    /// ```
    public var unavailableReason: String? { ChromiumDevTools.unavailableReason(chromium) }

    /// The path of axe.min.js the sheet runs: ``axeScript``, `$AXE_JS`, or the one
    /// axe-playwright-python ships (asked of `python3`); `nil` when none is found or
    /// ``runsAxe`` is off.
    ///
    /// ```swift
    /// print(ContactSheetOptions().resolvedAxeScript ?? "axe-core not installed")
    /// ```
    public var resolvedAxeScript: String? {
        guard runsAxe else { return nil }
        if let axeScript { return axeScript }
        if let named = ProcessInfo.processInfo.environment["AXE_JS"], !named.isEmpty { return named }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import importlib.resources as r; print(r.files('axe_playwright_python') / 'axe.min.js')"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 && FileManager.default.isReadableFile(atPath: path) ? path : nil
    }

    /// Options capturing the states `check` enumerates (a cap of 2 per screen by default),
    /// linking to `baseURL`.
    public init(check: StateCheckOptions = StateCheckOptions(capPerScreen: 2), baseURL: String = "http://127.0.0.1:8080", baseline: String? = nil) {
        self.check = check
        self.baseURL = baseURL
        self.baseline = baseline
    }
}
