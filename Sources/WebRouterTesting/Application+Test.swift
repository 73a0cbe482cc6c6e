public import WebRouter
import WebRouterHTML

extension Application {
    /// Runs a test body with a client for this app, then quits the browser and stops the live
    /// server, if any. The server runs the app's `ApplicationConfiguration.server` settings
    /// (body limits and the rest) in every mode, or `server`'s when given.
    ///
    /// ```swift
    /// try await app.test(.live) { client in
    ///     let page = try await client.get("/feed")
    ///     try page.expect(screen: "Feed")
    /// }
    /// ```
    public func test<Result>(
        _ mode: TestClient.Mode = .inProcess, publicDirectory: String? = nil, server: ServerConfiguration? = nil,
        browser: BrowserOptions = BrowserOptions(), _ body: (TestClient) async throws -> Result
    ) async throws -> Result {
        let client = try TestClient(self, mode: mode, publicDirectory: publicDirectory, server: server, browser: browser)
        do {
            let result = try await body(client)
            await client.shutdown()
            return result
        } catch {
            await client.shutdown()
            throw error
        }
    }
}
