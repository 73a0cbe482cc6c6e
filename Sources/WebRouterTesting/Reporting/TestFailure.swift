import Testing
import WebRouter
import WebRouterHTML

/// A check of the kit that failed: what was expected, what the page showed, the page's visible
/// text and the requests that led there. Recorded as a Swift Testing issue at the line of the
/// test that asked (its `sourceLocation`), then thrown, so the test stops there:
///
/// ```
/// GET /welcome/~login → 200: no field labelled "Usernme"
///   fields here: textbox "Username", textbox[password] "Password"
///   page text: Welcome Sign in Username Password Sign in …
///   history: GET /welcome → 200 · GET /welcome/~login → 200
/// ```
struct TestFailure: Error, CustomStringConvertible {
    let request: String?
    let expectation: String
    /// What the page showed instead, after the expectation: `…, found screen "Error"`.
    let found: String
    /// What the page offers instead (the candidates of a locator), on the lines below.
    let details: String
    let pageText: String?
    let history: [String]

    init(page: TestPage?, expectation: String, found: String = "", details: String = "", history: [String]? = nil) {
        self.request = page.map { "\($0.method) \($0.url) → \($0.status.code)" }
        self.expectation = expectation
        self.found = found
        self.details = details
        self.pageText = page.map { Self.trimmed($0.visibleText, to: 400) }
        self.history = history ?? page?.history ?? []
    }

    var description: String {
        var lines = [(request.map { $0 + ": " } ?? "") + expectation + (found.isEmpty ? "" : ", found " + found)]
        if !details.isEmpty { lines.append("  " + details.replacingOccurrences(of: "\n", with: "\n  ")) }
        if let pageText { lines.append("  page text: " + (pageText.isEmpty ? "(none)" : pageText)) }
        if !history.isEmpty { lines.append("  history: " + history.suffix(8).joined(separator: " · ")) }
        return lines.joined(separator: "\n")
    }

    /// Records the failure as an issue at `sourceLocation` and stops the test.
    func record(at sourceLocation: SourceLocation) throws -> Never {
        let pageMatched = false
        try #require(pageMatched, Comment(rawValue: description), sourceLocation: sourceLocation)
        throw self   // not reached: #require threw
    }

    static func trimmed(_ text: String, to limit: Int) -> String {
        text.count > limit ? String(text.prefix(limit)) + " …" : text
    }
}
