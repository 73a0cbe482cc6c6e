import Testing
import WebRouter

// TEMPORARY: replaced when the WebDriver client lands.
extension TestClient {
    struct BrowserPending: Error {}
    func browserClick(_ node: HTMLNode, _ sourceLocation: SourceLocation) async throws -> TestPage { throw BrowserPending() }
    func browserPressEscape(_ sourceLocation: SourceLocation) async throws -> TestPage { throw BrowserPending() }
    func browserFill(_ node: HTMLNode, with value: String) async throws { throw BrowserPending() }
    func browserSelect(_ option: HTMLNode) async throws { throw BrowserPending() }
    func browserAttach(_ file: TestFile, to input: HTMLNode) async throws { throw BrowserPending() }
    func browserSetChecked(_ box: HTMLNode, _ isChecked: Bool) async throws { throw BrowserPending() }
    func browserTraverse(by offset: Int, requested: VisitHistory.Entry) async throws -> TestPage { throw BrowserPending() }
}
