public import Testing

extension TestClient {
    /// What Chromium finds missing for installing the page it shows as an app: its own check,
    /// the one behind its install button (DevTools' `Page.getInstallabilityErrors`), each
    /// error as its id followed by its arguments (`manifest-missing-suitable-icon
    /// minimum-icon-size-in-pixels=144`). Empty when the app installs. `.browser` mode only;
    /// without Chromium the test is skipped with the reason.
    /// ```swift
    /// try await app.test(.browser) { client in
    ///     try await client.get("/welcome")
    ///     #expect(try await client.installabilityErrors() == [])
    /// }
    /// ```
    public func installabilityErrors(sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String] {
        guard mode == .browser else {
            try TestFailure(page: page, expectation: "Chromium's installability check needs .browser mode").record(at: sourceLocation)
        }
        let result = try await webDriverSession().devTools("Page.getInstallabilityErrors")
        return (result["installabilityErrors"]?.arrayValue ?? []).map { error in
            let arguments = (error["errorArguments"]?.arrayValue ?? [])
                .map { "\($0["name"]?.stringValue ?? "")=\($0["value"]?.stringValue ?? "")" }
            return ([error["errorId"]?.stringValue ?? "?"] + arguments).joined(separator: " ")
        }
    }
}
