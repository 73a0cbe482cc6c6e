import Testing
import WebRouter
import WebRouterTesting
@testable import NotesApp

/// A person's way through the app, written once and run three ways: in process (no socket),
/// over the real server, and in headless Chromium (skipped, with the reason, where Chromium
/// is not installed). Fields are found by their labels, links and buttons by their names.
@Suite struct ThreeModesTests {
    @Test(arguments: TestClient.Mode.allCases)
    func writeANoteThenSortATag(_ mode: TestClient.Mode) async throws {
        let app = try await Fixture.app()                                  // ada and her four notes, in memory
        try await app.test(mode) { client in
            try await client.signIn()                                      // through the sign-in sheet
            try await client.get("/notes")
            try await client.click(.link("New note"))
            try client.expect(screen: "Compose", modals: ["Compose"])

            try await client.fill("Title", with: " ")                         // blank: the server says so
            try await client.press("Save")
            try client.expect(status: 422, screen: "Compose", text: "Give the note a title.")
            try await client.fill("Title", with: "Dentist")
            try await client.fill("Text", with: "Tuesday, 9:30.")
            try await client.press("Save")
            try client.expect(url: "/notes/note/5", screen: "NoteDetail", selectedTab: "Notes",
                              breadcrumb: ["Notes", "Note 5"], text: "Tuesday, 9:30.")

            try await client.get("/tags/tag/home")
            try await client.choose("Title", in: "Sort")
            try client.expect(url: "/tags/tag/home?order=title", breadcrumb: ["Tags", "#home"])
            let titles = client.page?.elements(.role(.listitem).within(.role(.list, name: "Notes tagged home"))).map(\.text)
            #expect(titles == ["Dentist", "Groceries", "Plumber"])

            try await client.goBack()
            try client.expect(url: "/tags/tag/home")
        }
    }

    @Test(arguments: TestClient.Mode.allCases)
    func escapeClosesTheComposer(_ mode: TestClient.Mode) async throws {
        try await Fixture.app().test(mode) { client in
            try await client.signIn()
            try await client.get("/notes/~compose")
            try client.expect(screen: "Compose", modals: ["Compose"])
            try await client.pressEscape()
            try client.expect(url: "/notes", screen: "Notes", modals: [])
        }
    }
}
