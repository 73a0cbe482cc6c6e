public import Testing
import WebRouter
import WebRouterHTML

/// Waiting for a page the server changes while it is open (a live page: a score, a job's
/// progress, a message from someone else), the same way in every mode.
///
/// ```swift
/// try await client.get("/feed/match/12")
/// scores.record(goal, in: 12)                        // the app calls app.refresh("match/12")
/// try await client.waitUntil(text: "2 – 1")          // the page shows it, or the test fails
/// try await client.waitUntil(.button("Rematch"), timeout: .seconds(10))
/// try await client.waitUntil("the match is over") { $0.screen == "Result" }
/// ```
///
/// In `.browser` mode the page changes as the person would see it (the page's script follows
/// its event stream and morphs it), and the wait reads the browser's document until the
/// condition holds. In process and live, the wait opens the page's event stream
/// (`<meta name="webrouter-events">`, what the script opens) and loads the page again on each
/// `refresh` signal, as the script does; a page that names no stream (no live keys) cannot
/// change in place, so waiting on it fails at once, unless the condition already holds.
/// The page waited for becomes the client's ``page``; fields filled in the HTTP modes keep
/// what was typed, as the morph keeps it in a browser.
extension TestClient {
    /// Waits until the page shows `text` (in its visible text), at most `timeout`.
    /// ```swift
    /// try await client.waitUntil(text: "Goals: 1")
    /// ```
    @discardableResult
    public func waitUntil(
        text: String, timeout: Duration = .seconds(5), sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> TestPage {
        try await waitUntil("text \(text.debugDescription)", timeout: timeout, sourceLocation: sourceLocation) {
            $0.visibleText.contains(text)
        }
    }

    /// Waits until `locator` finds an element on the page (exactly one, as moves need), at
    /// most `timeout`.
    /// ```swift
    /// try await client.waitUntil(.link("Match report"))
    /// try await client.click(.link("Match report"))
    /// ```
    @discardableResult
    public func waitUntil(
        _ locator: Locator, timeout: Duration = .seconds(5), sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> TestPage {
        try await waitUntil("\(locator)", timeout: timeout, sourceLocation: sourceLocation) { page in
            if case .found = page.resolve(locator).resolution { return true }
            return false
        }
    }

    /// Waits until `condition` holds for the page (its screen, layers, tabs, text, elements:
    /// anything a ``TestPage`` reads), at most `timeout`; `description` names what is waited
    /// for in the failure.
    /// ```swift
    /// try await client.waitUntil("the sheet to close") { $0.modals.isEmpty }
    /// ```
    @discardableResult
    public func waitUntil(
        _ description: String, timeout: Duration = .seconds(5), sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: @escaping @Sendable (TestPage) -> Bool
    ) async throws -> TestPage {
        let start = try currentPage(sourceLocation)
        if condition(start) { return start }
        let deadline = ContinuousClock.now + timeout
        let outcome = mode == .browser
            ? try await waitInBrowser(until: deadline, condition)
            : try await waitOnEvents(of: start, until: deadline, condition)
        switch outcome {
        case .shown(let page):
            return page
        case .unchanged(let page, let why):
            try page.failure("the page did not show \(description) within \(timeout)", details: why)
                .record(at: sourceLocation)
        }
    }

    private enum WaitOutcome {
        case shown(TestPage)
        case unchanged(TestPage, String)
    }

    /// `.browser`: the document as it is now, read until the condition holds.
    private func waitInBrowser(until deadline: ContinuousClock.Instant, _ condition: (TestPage) -> Bool) async throws -> WaitOutcome {
        let session = try await browserSession()
        var reads = 0
        while true {
            var page = try await snapshot(session)
            page.history = visits.trail
            self.page = page
            reads += 1
            if condition(page) { return .shown(page) }
            if ContinuousClock.now >= deadline {
                return .unchanged(page, "read the browser's page \(reads) times; its event stream: \(page.eventsURL ?? "none (no live keys)")")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// In process and live: the page's event stream, and the page again on each `refresh`.
    private func waitOnEvents(of start: TestPage, until deadline: ContinuousClock.Instant, _ condition: (TestPage) -> Bool) async throws -> WaitOutcome {
        guard let eventsURL = start.eventsURL else {
            return .unchanged(start, "the page names no event stream (<meta name=\"webrouter-events\">: its screens show no live keys), so nothing changes it until a move")
        }
        let events = try await openEvents(eventsURL)
        defer { events.close() }
        guard events.status == 200 else {
            return .unchanged(start, "its event stream \(eventsURL) was refused with \(events.status)")
        }
        // Loaded again once the stream is open: a change made before it opened is not missed.
        var page = try await reloadInPlace(start)
        var signals = 0
        while !condition(page) {
            guard try await nextRefresh(events, before: deadline) else {
                return .unchanged(page, signals == 0
                    ? "no refresh came on its event stream \(eventsURL)"
                    : "its event stream \(eventsURL) signalled refresh \(signals) time\(signals == 1 ? "" : "s"); the page was loaded again after each")
            }
            signals += 1
            page = try await reloadInPlace(page)
        }
        return .shown(page)
    }

    /// Whether a `refresh` event arrived before `deadline` (a timeout closes the stream).
    private func nextRefresh(_ events: EventStreamClient, before deadline: ContinuousClock.Instant) async throws -> Bool {
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask { try await events.next(named: "refresh") != nil }
            group.addTask {
                try? await Task.sleep(until: deadline)
                return false
            }
            let first = try await group.next() ?? false
            // The read blocked on the stream ends when it closes; the timer when cancelled.
            if !first { events.close() }
            group.cancelAll()
            return first
        }
    }

    /// The page at the same URL again, as the script's refresh loads it: the client's page,
    /// no new visit, what was typed into its fields kept.
    private func reloadInPlace(_ page: TestPage) async throws -> TestPage {
        let typed = edits
        let fresh = try await fetch(.get, page.url, headers: [], body: [])
        let shown = settle(on: fresh, trail: "refresh → GET \(page.url) → \(fresh.status.code)")
        edits = typed
        return shown
    }
}
