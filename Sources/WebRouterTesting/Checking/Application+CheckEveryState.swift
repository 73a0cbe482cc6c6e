import Foundation
public import Testing
public import WebRouter

extension Application {
    /// Visits every state of the app's tree in process, checks each page, and fails the test
    /// with one issue per screen that has findings, each finding with its reproducer (the URL,
    /// the click path from a root, a `curl` line). The report is also written as a file:
    /// ``StateCheckOptions/reportPath``, else `.build/state-check/<app name>.txt`.
    ///
    /// ```swift
    /// @Test func everyState() async throws {
    ///     let report = try await app.checkEveryState(StateCheckOptions(capPerScreen: 4))
    ///     #expect(report.states.count > 10)
    /// }
    /// ```
    /// See the article “Checking every state” in WebRouter’s documentation.
    @discardableResult
    public func checkEveryState(
        _ options: StateCheckOptions = StateCheckOptions(), sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> StateCheckReport {
        var options = options
        if options.reportPath == nil {
            let name = configuration.appName.filter { $0.isLetter || $0.isNumber || $0 == "-" }
            options.reportPath = ".build/state-check/\(name.isEmpty ? "app" : name).txt"
        }
        let report = await stateCheck(options)
        for screen in report.failingScreens {
            Issue.record(Comment(rawValue: "State check (\(report.summary)), report in \(options.reportPath!):\n" + report.text(forScreen: screen)),
                         sourceLocation: sourceLocation)
        }
        return report
    }
}
