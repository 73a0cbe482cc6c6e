import Testing
import WebRouter
import WebRouterTesting
@testable import NotesApp

/// The app's pages, read through their landmarks (`data-screen`, the tab bar, the breadcrumb),
/// in process: no socket, so each test takes milliseconds.
@Suite struct PageTests {
    @Test func theFirstTabIsTheRoot() async throws {
        try await Fixture.app().test { client in
            let page = try await client.get("/")
            try page.expect(screen: "Home", selectedTab: "Home")
            #expect(page.url == "/home")
            #expect(page.tabs.map(\.label) == ["Home", "Notes", "Tags", "Account"])
            // Signed out, the tabs that need an account are marked, Home is not.
            #expect(page.tabs.map(\.requiresSignIn) == [false, true, true, true])
        }
    }

    @Test func aNoteIsOneStepDeeperInTheStack() async throws {
        try await Fixture.app().test { client in
            try await client.signIn()
            var page = try await client.get("/notes")
            page = try await client.follow("Groceries", on: page)
            try page.expect(screen: "NoteDetail", selectedTab: "Notes", breadcrumb: ["Notes", "Note 1"])
            #expect(page.url == "/notes/note/1")
            page = try await client.back(from: page)
            #expect(page.url == "/notes")
        }
    }

    @Test func aMissingNoteIsA404() async throws {
        try await Fixture.app().test { client in
            try await client.signIn()
            let page = try await client.get("/notes/note/99")
            #expect(page.status.code == 404)
            #expect(try await client.get("/notes/note/abc").status.code == 404)
        }
    }

    @Test func thePickerKeepsTheOrderInTheQuery() async throws {
        try await Fixture.app().test { client in
            try await client.signIn()
            var page = try await client.get("/tags/tag/home")
            try page.expect(screen: "TagNotes", selectedTab: "Tags", breadcrumb: ["Tags", "#home"])
            let options = page.elements(.role(.link).within(.navigation("Sort")))
            #expect(options.map { $0.href ?? "" } == ["/tags/tag/home", "/tags/tag/home?order=oldest", "/tags/tag/home?order=title"])
            page = try await client.choose("Title", in: "Sort")
            #expect(page.url == "/tags/tag/home?order=title")
            // The current option is announced by aria-current (PageElement has no isCurrent).
            #expect(page.elements(.role(.link).within(.navigation("Sort"))).filter { $0["aria-current"] == "true" }.map(\.name) == ["Title"])
            // A value that does not decode goes back to the canonical URL.
            page = try await client.get("/tags/tag/home?order=nope")
            #expect(page.url == "/tags/tag/home")
        }
    }
}

/// The form: server-side validation answers 422 with the messages, success 303 to the note.
@Suite struct ComposeTests {
    @Test func anEmptyTitleIsA422ThenAValidNoteIsA303() async throws {
        try await Fixture.app().test { client in
            try await client.signIn()
            var page = try await client.get("/notes/~compose")
            try page.expect(screen: "Compose", modals: ["Compose"])

            try await client.fill("Title", with: "  ")
            try await client.fill("Tag", with: "two words")
            page = try await client.press("Save")
            try page.expect(status: 422, screen: "Compose", text: "Give the note a title.")
            try page.expect(status: 422, text: "A tag is one word")

            client.followsRedirects = false
            try await client.fill("Title", with: "Dentist")
            try await client.fill("Tag", with: "home")
            let saved = try await client.press("Save")
            #expect(saved.status.code == 303)
            #expect(saved.location == "/notes/note/5")

            client.followsRedirects = true
            page = try await client.get("/notes/note/5")
            try page.expect(screen: "NoteDetail", breadcrumb: ["Notes", "Note 5"])
            try page.expect(text: "Dentist")
        }
    }

    @Test func aFormWithoutItsTokenIsRefused() async throws {
        try await Fixture.app().test { client in
            try await client.signIn()
            let page = try await client.post("/notes/~compose", form: [("_action", "save"), ("title", "x")])
            #expect(page.status.code == 403)
        }
    }
}

/// The framework's own stylesheet: the app has no Public/ folder, yet every page links a
/// stylesheet that answers `text/css`, cached for a year, in process and over a real socket.
@Suite struct ChromeAssetTests {
    @Test(arguments: [TestClient.Mode.inProcess, .live])
    func theLinkedStylesheetIsServed(mode: TestClient.Mode) async throws {
        let app = try await Fixture.app()
        try await app.test(mode) { client in
            let page = try await client.get("/notes")
            let stylesheet = try #require(page.stylesheets.first)
            let css = try await client.get(stylesheet)
            #expect(css.status.code == 200)
            #expect(css.headers["Content-Type"]?.hasPrefix("text/css") == true)
            #expect(css.headers["Cache-Control"]?.contains("immutable") == true)
            #expect(css.body.count > 1000)
            for script in page.scripts {
                #expect(try await client.get(script).status.code == 200)
            }
        }
    }
}

/// Compressed when the browser asks: the framework's stylesheet in gzip, over a real socket.
@Suite struct CompressionTests {
    @Test func theStylesheetIsGzippedWhenAsked() async throws {
        try await Fixture.app().test(.live) { client in
            let page = try await client.get("/notes")
            let stylesheet = try #require(page.stylesheets.first)
            let css = try await client.request(.get, stylesheet, headers: [("Accept-Encoding", "gzip")])
            #expect(css.status.code == 200)
            #expect(css.headers["Content-Encoding"] == "gzip")
            #expect(css.headers["Content-Type"]?.hasPrefix("text/css") == true)
        }
    }
}
