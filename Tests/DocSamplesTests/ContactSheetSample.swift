// CheckingEveryState.md: the pantry's contact sheet, made and compared in a test.
import Foundation
import Testing
import WebRouter
import WebRouterTesting

@Suite struct ContactSheetSample {
    @Test func screensOfThePantryAsApproved() async throws {
        let app = try makePantryApp()
        var options = ContactSheetOptions(check: StateCheckOptions(capPerScreen: 2), baseline: ".build/contact-sheet/Pantry-approved")
        options.viewports = [.phone, .desktop]
        options.threshold = ContactSheetOptions.Threshold(differingShare: 0.001, pixelTolerance: 0.1)
        let sheet = try await app.checkContactSheet(options)
        #expect(sheet.entries.map(\.state.url) == ["/", "/jar/1", "/jar/2", "/jar/0"])
    }

    @Test func sheetWithoutFailingTheTest() async throws {
        let app = try makePantryApp()
        guard ContactSheetOptions().unavailableReason == nil else { return }   // no Chromium here
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pantry-sheet").path
        var options = ContactSheetOptions(check: StateCheckOptions(capPerScreen: 1))
        options.colorSchemes = [.dark]
        let sheet = try await app.contactSheet(options, to: folder)
        print(sheet.summary)   // 3 states, 9 screenshots, 0 with axe-core violations (index.html in …)
        #expect(sheet.entries.allSatisfy { $0.shots.count == 3 })
    }
}
