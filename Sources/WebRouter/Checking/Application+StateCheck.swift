extension Application {
    /// Visits every state of the tree in process and checks each (see <doc:CheckingEveryState>):
    /// the status, the landmarks, every link and form action, names, labels, ids, images and
    /// the JSON page state; returns the report, and writes it when ``StateCheckOptions/reportPath``
    /// says where. Tests call WebRouterTesting's `checkEveryState(_:)`, which fails the test
    /// with the report; `<app> check` runs the same from the command line.
    ///
    /// ```swift
    /// let report = await app.stateCheck(StateCheckOptions(capPerScreen: 4))
    /// print(report.text)
    /// ```
    public func stateCheck(_ options: StateCheckOptions = StateCheckOptions()) async -> StateCheckReport {
        let report = await StateChecker(app: self, options: options).run()
        if let path = options.reportPath { try? report.write(to: path) }
        return report
    }
}
