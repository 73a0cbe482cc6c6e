import Foundation

/// What a contact sheet holds: each state captured, in tree order, with its screenshots and,
/// against a baseline, which changed.
///
/// ```swift
/// let sheet = try await app.contactSheet(options, to: ".build/contact-sheet")
/// print(sheet.summary)   // 24 states, 144 screenshots, 1 changed (index.html in .build/contact-sheet)
/// for shot in sheet.changedShots { print(shot.file, shot.diffFile!) }
/// ```
public struct ContactSheetReport: Sendable, Equatable {
    /// One screenshot: where its file is (relative to the sheet's folder), its viewport and
    /// scheme, and how it compares with the baseline.
    ///
    /// ```swift
    /// let changed = sheet.entries.flatMap(\.shots).filter(\.changed)
    /// ```
    public struct Shot: Sendable, Equatable {
        /// The viewport's name (`phone`).
        public var viewport: String
        /// The colour scheme.
        public var colorScheme: ContactSheetOptions.ColorScheme
        /// The PNG's path relative to the sheet's folder (`shots/feed-1a2b3c4d.phone.light.png`).
        public var file: String
        /// The share of pixels that differ from the baseline (`nil`: no baseline screenshot).
        public var differingShare: Double?
        /// The diff image's path relative to the folder, when the shot changed.
        public var diffFile: String?
        /// Whether it changed beyond the threshold.
        public var changed: Bool { diffFile != nil }
    }

    /// A rule axe-core found broken on a state, with the screenshots (viewport and scheme)
    /// where it did.
    ///
    /// ```swift
    /// for violation in entry.violations { print(violation.rule, violation.help, violation.shots) }
    /// ```
    public struct Violation: Sendable, Equatable {
        /// axe-core's rule id (`color-contrast`, `button-name`).
        public var rule: String
        /// `minor`, `moderate`, `serious` or `critical`.
        public var impact: String
        /// What the rule asks, in a sentence.
        public var help: String
        /// The most elements that broke it in one screenshot.
        public var nodes: Int
        /// Where it was found: `phone, dark`, in capture order.
        public var shots: [String]
    }

    /// One state of the sheet: the state the check visited and its screenshots.
    ///
    /// ```swift
    /// let feed = sheet.entries.first { $0.state.url == "/feed" }
    /// ```
    public struct Entry: Sendable, Equatable {
        /// The state (its URL, screen, viewer, status and click path).
        public var state: StateCheckReport.State
        /// Its anchor on the sheet (`s12`).
        public var anchor: String
        /// Its screenshots: every viewport in every colour scheme.
        public var shots: [Shot]
        /// What axe-core found on the state (empty when axe-core is not installed; see
        /// ``ContactSheetOptions/axeScript``).
        public var violations: [Violation] = []
        /// Whether some screenshot changed against the baseline.
        public var changed: Bool { shots.contains(where: \.changed) }
        /// Whether the baseline had no screenshot of it (a new state).
        public var isNew: Bool { shots.allSatisfy { $0.differingShare == nil } }
    }

    /// The sheet's folder.
    public var folder: String
    /// The states, in tree order (then in the order the check met them).
    public var entries: [Entry]
    /// Whether the sheet was compared with a baseline.
    public var hasBaseline: Bool
    /// Whether axe-core ran on every screenshot (it was found).
    public var ranAxe: Bool = false

    /// The states whose screenshots changed against the baseline.
    public var changedEntries: [Entry] { entries.filter(\.changed) }
    /// The states where axe-core found violations.
    public var entriesWithViolations: [Entry] { entries.filter { !$0.violations.isEmpty } }
    /// The screenshots that changed against the baseline.
    public var changedShots: [Shot] { entries.flatMap(\.shots).filter(\.changed) }

    /// One line: `24 states, 144 screenshots, 1 changed (index.html in .build/contact-sheet)`.
    public var summary: String {
        let shots = entries.reduce(0) { $0 + $1.shots.count }
        let changes = hasBaseline ? ", \(changedEntries.count) changed" : ""
        let axe = ranAxe ? ", \(entries.filter { !$0.violations.isEmpty }.count) with axe-core violations" : ""
        return "\(entries.count) states, \(shots) screenshots\(changes)\(axe) (index.html in \(folder))"
    }
}
