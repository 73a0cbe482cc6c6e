public import Testing
import WebRouter
import WebRouterHTML

extension TestClient {
    /// Goes one page back in the visit history, like the browser's Back button (in
    /// `.browser` mode, it is the browser's own). Not the breadcrumb: see ``back(from:sourceLocation:)``.
    @discardableResult
    public func goBack(sourceLocation: SourceLocation = #_sourceLocation) async throws -> TestPage {
        try await traverse(by: -1, "go back", sourceLocation)
    }

    /// Goes one page forward in the visit history, like the browser's Forward button.
    @discardableResult
    public func goForward(sourceLocation: SourceLocation = #_sourceLocation) async throws -> TestPage {
        try await traverse(by: 1, "go forward", sourceLocation)
    }

    /// Loads the current page again (a page that answered a POST is posted again, as a
    /// browser does after asking).
    @discardableResult
    public func reload(sourceLocation: SourceLocation = #_sourceLocation) async throws -> TestPage {
        try await traverse(by: 0, "reload", sourceLocation)
    }

    private func traverse(by offset: Int, _ what: String, _ sourceLocation: SourceLocation) async throws -> TestPage {
        guard let entry = visits.entry(at: offset) else {
            try TestFailure(page: page, expectation: "no page to \(what) to", details: "visit history: \(visits.description.isEmpty ? "empty" : visits.description)", history: visits.trail)
                .record(at: sourceLocation)
        }
        visits.move(by: offset)
        if mode == .browser {
            return try await browserTraverse(by: offset, requested: entry)
        }
        return try await load(entry)
    }
}
