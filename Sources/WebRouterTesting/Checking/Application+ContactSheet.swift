import Foundation
public import Testing
public import WebRouter

extension Application {
    /// Makes the app’s contact sheet (WebRouter’s `contactSheet(_:to:)`:
    /// every state the state check enumerates, captured in headless Chromium at each viewport
    /// and colour scheme, into a folder of static HTML) and fails the test with one issue per
    /// state that changed against ``ContactSheetOptions/baseline``, naming each changed
    /// screenshot, its share of differing pixels and its diff image, and one per state where
    /// axe-core (when installed) found violations. The folder is `folder`,
    /// else `.build/contact-sheet/<app name>`. Without Chromium the test is skipped: a warning
    /// says why and the test is cancelled, never passed.
    ///
    /// ```swift
    /// @Test func screensAsApproved() async throws {
    ///     var options = ContactSheetOptions(baseline: "Tests/ContactSheetBaseline")
    ///     options.threshold = ContactSheetOptions.Threshold(differingShare: 0.001)
    ///     try await app.checkContactSheet(options)
    /// }
    /// ```
    @discardableResult
    public func checkContactSheet(
        _ options: ContactSheetOptions = ContactSheetOptions(), to folder: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> ContactSheetReport {
        if let reason = options.unavailableReason {
            let why = Comment(rawValue: "skipped: the contact sheet needs headless Chromium: \(reason)")
            Issue.record(why, severity: .warning, sourceLocation: sourceLocation)
            try Test.cancel(why, sourceLocation: sourceLocation)
        }
        let name = configuration.appName.filter { $0.isLetter || $0.isNumber || $0 == "-" }
        let folder = folder ?? ".build/contact-sheet/\(name.isEmpty ? "app" : name)"
        let sheet = try await contactSheet(options, to: folder)
        for entry in sheet.changedEntries {
            let shots = entry.shots.filter(\.changed).map { shot in
                "  \(shot.viewport), \(shot.colorScheme.rawValue): \(String(format: "%.2f", (shot.differingShare ?? 1) * 100)) % of pixels differ; diff: \(folder)/\(shot.diffFile ?? "")"
            }
            Issue.record(Comment(rawValue: "Contact sheet: \(entry.state.url) (\(entry.state.screen), \(entry.state.viewer)) changed against the baseline \(options.baseline ?? ""):\n" + shots.joined(separator: "\n")
                                 + "\nsheet: \(folder)/index.html#\(entry.anchor)"),
                         sourceLocation: sourceLocation)
        }
        for entry in sheet.entriesWithViolations {
            let rules = entry.violations.map { "  \($0.rule) (\($0.impact), \($0.nodes) elements): \($0.help) [\($0.shots.joined(separator: "; "))]" }
            Issue.record(Comment(rawValue: "Contact sheet: axe-core found violations at \(entry.state.url) (\(entry.state.screen), \(entry.state.viewer)):\n" + rules.joined(separator: "\n")
                                 + "\nsheet: \(folder)/index.html#\(entry.anchor)"),
                         sourceLocation: sourceLocation)
        }
        return sheet
    }
}
