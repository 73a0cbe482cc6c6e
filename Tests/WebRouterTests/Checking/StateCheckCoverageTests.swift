import ArgumentParser
import Foundation
import Testing
@testable import WebRouter
import WebRouterTesting

/// What the app's own tests cover (the kit's TestCoverage, the storyboard marked), and the
/// `check` command.
@Suite struct StateCheckCoverageTests {
    @Test func theKitRecordsEveryPageATestLandsOn() async throws {
        let app = try DefectsApp.make(appName: "DefectsCoverage")
        try await app.test { client in
            try await client.get("/shelf")
            try await client.click(.link("Book 2"))
        }
        #expect(TestCoverage.exercised(by: app) == ["/shelf", "/shelf/book/{Int}"])
        #expect(TestCoverage.untestedTransitions(of: app) == [
            "/shelf/~about (About, present sheet)", "/shelf/attic (Attic, push)", "/counter (Counter, tab)",
        ])
    }

    @Test func theStoryboardMarksEachTransitionExercisedOrNot() throws {
        let table = try DefectsApp.make().table
        let exercised: Set<String> = ["/shelf", "/shelf/book/{Int}"]
        let dot = table.dotDiagram(exercised: exercised)
        #expect(dot.contains("[label=\"push ✓\"]"))
        #expect(dot.contains("[label=\"push (untested)\", style=dashed, color=red, fontcolor=red]"))
        let mermaid = table.mermaidDiagram(exercised: exercised)
        #expect(mermaid.contains("-->|\"push ✓\"|"))
        #expect(mermaid.contains("-.->|\"present sheet (untested)\"|"))
        // Without coverage the diagrams are as before.
        #expect(table.dotDiagram(exercised: nil) == table.dotDiagram)
        #expect(!table.dotDiagram.contains("untested"))
    }

    @Test func theStoryboardPageMarksCoverageWhenGivenIt() async throws {
        let app = try DefectsApp.make()
        var configuration = app.configuration
        configuration.storyboardCoverage = ["/shelf", "/shelf/book/{Int}"]
        let marked = app.reconfigured(configuration)
        try await marked.test { client in
            let page = try await client.get("/_map")
            #expect(page.text.contains("data-route=\"/shelf/attic\" data-move=\"push\" data-exercised=\"no\""))
            #expect(page.text.contains("data-route=\"/shelf/book/{Int}\" data-move=\"push\" data-exercised=\"yes\""))
            #expect(page.text.contains("push · untested"))
        }
        // Without coverage, the map is as before.
        try await app.test { client in
            let page = try await client.get("/_map")
            #expect(!page.text.contains("data-exercised"))
        }
    }

    @Test func theReportListsTheUntestedTransitions() async throws {
        let app = try DefectsApp.make()
        var options = StateCheckOptions(capPerScreen: 4)
        options.exercised = ["/shelf", "/shelf/book/{Int}", "/counter", "/shelf/~about"]
        let report = await app.stateCheck(options)
        #expect(report.untestedTransitions == ["/shelf/attic (Attic, push)"])
        #expect(report.text.hasSuffix("Transitions no test made (1):\n  - /shelf/attic (Attic, push)\n"))
    }

    @Test func theCheckCommandWritesTheReportAndFailsOnFindings() async throws {
        let app = try DefectsApp.make()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID()).txt").path
        let command = try ApplicationCommand.parseAsRoot(["check", "--cap", "4", "--out", path])
        let check = try #require(command as? CheckCommand)
        #expect(check.cap == 4)
        await #expect(throws: ExitCode(1)) {
            try await ApplicationCommand.$application.withValue(app) { try await check.run() }
        }
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.contains("Book:\n  ✗ answers 500\n    at /shelf/book/13 (signed out)"))
    }
}
