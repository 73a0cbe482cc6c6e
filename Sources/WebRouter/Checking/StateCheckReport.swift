import Foundation

/// What a state check found: every state it visited, how it got there, and each failure with
/// its reproducer (the URL, the click path from a root, a `curl` line), grouped by screen.
///
/// ```swift
/// let report = await app.stateCheck(StateCheckOptions())
/// print(report.summary)      // 112 states, 640 moves, 108 reached by clicks, 0 failed (0.9 s)
/// for finding in report.findings { print(finding.screen, finding.url, finding.problem) }
/// ```
public struct StateCheckReport: Sendable, Codable, Equatable {
    /// One click of a path: the link's or button's name and the URL it leads to.
    ///
    /// ```swift
    /// let step = StateCheckReport.Step(label: "Match 12", url: "/feed/tournament/5/match/12")
    /// ```
    public struct Step: Sendable, Codable, Equatable {
        /// The accessible name of the link or the form's button (`root` for the first step).
        public var label: String
        /// Where it leads.
        public var url: String

        /// A step named `label` to `url`.
        public init(label: String, url: String) {
            self.label = label
            self.url = url
        }
    }

    /// One state visited: its URL, screen, viewer, status and the shortest click path to it
    /// (`nil` when no click reaches it).
    ///
    /// ```swift
    /// let unreached = report.states.filter { $0.clickPath == nil }
    /// ```
    public struct State: Sendable, Codable, Equatable {
        /// The state's URL.
        public var url: String
        /// Its topmost screen (`data-screen`).
        public var screen: String
        /// `signed out` or `signed in`.
        public var viewer: String
        /// The status it answered, after redirects.
        public var status: Int
        /// The clicks from a root that reach it, the root first; `nil` when none does.
        public var clickPath: [Step]?
    }

    /// One failure, with what a person needs to see it again.
    ///
    /// ```swift
    /// for finding in report.findings { print(finding.curl) }
    /// ```
    public struct Finding: Sendable, Codable, Equatable {
        /// The screen it is on (the route table's name, `data-screen`).
        public var screen: String
        /// The URL of the state where it shows.
        public var url: String
        /// `signed out` or `signed in`.
        public var viewer: String
        /// What is wrong, in a sentence.
        public var problem: String
        /// The clicks from a root to the state; empty when no click reaches it.
        public var clickPath: [Step]
        /// A `curl` line that shows it.
        public var curl: String
    }

    /// Every state visited, in the order visited (roots first, then by clicks; declared states
    /// no click reaches last).
    public var states: [State]
    /// The distinct moves (links and GET forms between states) followed.
    public var moves: Int
    /// Every failure, grouped by screen in tree order.
    public var findings: [Finding]
    /// Transitions of the tree that the app's own tests never made (filled by the test kit's
    /// coverage, empty otherwise).
    public var untestedTransitions: [String]
    /// How long the check took, in seconds.
    public var seconds: Double

    /// A report of these states and findings.
    public init(states: [State], moves: Int, findings: [Finding], untestedTransitions: [String] = [], seconds: Double) {
        self.states = states
        self.moves = moves
        self.findings = findings
        self.untestedTransitions = untestedTransitions
        self.seconds = seconds
    }

    /// The states some click path reaches.
    public var reached: Int { states.count { $0.clickPath != nil } }
    /// The states with at least one finding.
    public var failed: Int { Set(findings.map { $0.viewer + " " + $0.url }).count }

    /// One line: `112 states, 640 moves, 108 reached by clicks, 0 failed (0.9 s)`.
    public var summary: String {
        "\(states.count) states, \(moves) moves, \(reached) reached by clicks, \(failed) failed (\(String(format: "%.1f", seconds)) s)"
    }

    /// The findings of one screen as text: each with its URL, viewer, click path and `curl` line.
    public func text(forScreen screen: String) -> String {
        var lines = ["\(screen):"]
        for finding in findings where finding.screen == screen {
            lines.append("  ✗ \(finding.problem)")
            lines.append("    at \(finding.url) (\(finding.viewer))")
            if finding.clickPath.isEmpty {
                lines.append("    no click path reaches it")
            } else {
                lines.append("    clicks: " + finding.clickPath.map { $0.label == "root" ? $0.url : "“\($0.label)” → \($0.url)" }.joined(separator: " › "))
            }
            lines.append("    \(finding.curl)")
        }
        return lines.joined(separator: "\n")
    }

    /// The screens with findings, in the order of the findings.
    public var failingScreens: [String] {
        var seen: [String] = []
        for finding in findings where !seen.contains(finding.screen) { seen.append(finding.screen) }
        return seen
    }

    /// The whole report as text: the summary, the findings by screen, the untested transitions.
    public var text: String {
        var parts = ["State check: " + summary]
        for screen in failingScreens { parts.append(text(forScreen: screen)) }
        if !untestedTransitions.isEmpty {
            parts.append("Transitions no test made (\(untestedTransitions.count)):\n" + untestedTransitions.map { "  - " + $0 }.joined(separator: "\n"))
        }
        return parts.joined(separator: "\n\n") + "\n"
    }

    /// Writes ``text`` to `path`, creating its folder.
    public func write(to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
