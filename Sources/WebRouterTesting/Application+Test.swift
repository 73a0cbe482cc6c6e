public import WebRouter
import WebRouterHTML

extension Application {
    /// Runs a test body with a client for this app, then quits the browser and stops the live
    /// server, if any.
    ///
    /// ```swift
    /// try await app.test(.live) { client in
    ///     let page = try await client.get("/feed")
    ///     try page.expect(screen: "Feed")
    /// }
    /// ```
    public func test<Result>(
        _ mode: TestClient.Mode = .inProcess, publicDirectory: String? = nil, browser: BrowserOptions = BrowserOptions(),
        _ body: (TestClient) async throws -> Result
    ) async throws -> Result {
        let client = try TestClient(self, mode: mode, publicDirectory: publicDirectory, browser: browser)
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
