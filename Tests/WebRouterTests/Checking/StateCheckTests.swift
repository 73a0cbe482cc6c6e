import Foundation
import Testing
import WebRouter
import WebRouterTesting

/// The state check (``Application/stateCheck(_:)``, the kit's `checkEveryState`) against an
/// app with six planted defects: each is found with its reproducer, and nothing else.
@Suite struct StateCheckTests {
    let app: Application
    let report: StateCheckReport

    init() async throws {
        app = try DefectsApp.make()
        report = await app.stateCheck(StateCheckOptions(capPerScreen: 4))
    }

    func findings(_ screen: String) -> [StateCheckReport.Finding] { report.findings.filter { $0.screen == screen } }

    @Test func findsEachPlantedDefectAndNothingElse() {
        #expect(report.findings.count == 6, "\(report.text)")
        #expect(report.failingScreens == ["Shelf", "Book", "About", "Attic", "Counter"])
    }

    @Test func brokenLinkNamesTheLinkAndThePageHoldingIt() throws {
        let finding = try #require(findings("Shelf").first)
        #expect(finding.problem == "the link “Lost page” to /shelf/lost answers 404")
        #expect(finding.url == "/shelf")
        #expect(finding.clickPath == [StateCheckReport.Step(label: "root", url: "/shelf")])
        #expect(finding.curl == "curl -i 'http://127.0.0.1:8080/shelf'")
    }

    @Test func screenFailingWithOneContextHasItsClickPath() throws {
        let finding = try #require(findings("Book").first)
        #expect(finding.url == "/shelf/book/13")
        #expect(finding.problem == "answers 500")
        #expect(finding.clickPath.map(\.label) == ["root", "Book 13"])
        #expect(finding.curl == "curl -i 'http://127.0.0.1:8080/shelf/book/13'")
        // The other contexts of the same screen pass.
        #expect(report.states.contains { $0.url == "/shelf/book/2" && $0.status == 200 })
    }

    @Test func nameAndLabelDefects() {
        #expect(findings("Counter").map(\.problem) == ["a button has no accessible name", "the field “note” has no label"])
        #expect(findings("Counter").allSatisfy { $0.url == "/counter" && $0.clickPath.map(\.url) == ["/counter"] })
    }

    @Test func declaredScreenNoClickReachesNamesTheNearestReachedState() throws {
        let finding = try #require(findings("Attic").first)
        #expect(finding.url == "/shelf/attic")
        #expect(finding.problem == "no click reaches this state; the nearest state clicks reach is /shelf (Shelf)")
        #expect(finding.clickPath.isEmpty)
        #expect(report.states.first { $0.url == "/shelf/attic" }?.clickPath == nil)
    }

    @Test func wrongDismissLinkOfAModal() throws {
        let finding = try #require(findings("About").first)
        #expect(finding.url == "/shelf/~about")
        #expect(finding.problem == "the dialog’s dismiss link “Done” leads to /shelf/book/2, not to /shelf (the URL without the layer)")
        #expect(finding.clickPath.map(\.label) == ["root", "About the shelf"])
    }

    @Test func summaryCountsStatesMovesAndFailures() {
        // /shelf, /counter, three books, the modal, then the attic no click reaches.
        #expect(report.states.map(\.url) == ["/shelf", "/counter", "/shelf/book/1", "/shelf/book/2", "/shelf/book/13", "/shelf/~about", "/shelf/attic"])
        #expect(report.reached == 6)
        #expect(report.failed == 5)
        #expect(report.summary.hasPrefix("7 states, "))
    }

    @Test func sameOrderEveryRun() async {
        let again = await app.stateCheck(StateCheckOptions(capPerScreen: 4))
        #expect(again.states == report.states)
        #expect(again.findings == report.findings)
    }

    @Test func capBoundsTheStatesOfAScreen() async {
        let capped = await app.stateCheck(StateCheckOptions(capPerScreen: 1))
        #expect(capped.states.filter { $0.url.hasPrefix("/shelf/book/") }.map(\.url) == ["/shelf/book/1"])
    }

    @Test func reportTextGroupsByScreenWithReproducers() throws {
        let text = report.text
        #expect(text.contains("Book:\n  ✗ answers 500\n    at /shelf/book/13 (signed out)\n    clicks: /shelf › “Book 13” → /shelf/book/13\n    curl -i 'http://127.0.0.1:8080/shelf/book/13'"))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("state-check-\(UUID()).txt").path
        try report.write(to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }

    @Test func checkEveryStateFailsTheTestWithTheReport() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("state-check-\(UUID()).txt").path
        try await withKnownIssue {
            _ = try await app.checkEveryState(StateCheckOptions(capPerScreen: 4, reportPath: path))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("report in \(path)") }
        }
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.hasPrefix("State check: 7 states, "))
        #expect(written.contains("Attic:\n  ✗ no click reaches this state"))
    }
}
