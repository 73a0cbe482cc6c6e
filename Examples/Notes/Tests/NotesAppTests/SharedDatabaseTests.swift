import Foundation
import Testing
import WebRouter
import WebRouterTesting
@testable import NotesApp

/// The notes and accounts in an SQLite file: kept when the app is started again on it, and
/// shared by two instances on it, whose open pages refresh each other.
@Suite struct SharedDatabaseTests {
    @Test func notesOutliveTheApplication() async throws {
        try await Fixture.withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("notes.sqlite").path
            let first = try await NotesData.open(database: path)
            try await NotesApp.make(data: first, secret: .random()).test { client in
                try await client.get("/home/~register")
                try await client.fill("Username", with: "ada")
                try await client.fill("Password", with: Fixture.password)
                try await client.fill("Password again", with: Fixture.password)
                try await client.press("Create account")
                try await client.get("/notes/~compose")
                try await client.fill("Title", with: "Kept")
                try await client.press("Save")
                try client.expect(url: "/notes/note/1", text: "Kept")
            }
            await first.close()

            let second = try await NotesData.open(database: path)
            try await NotesApp.make(data: second, secret: .random()).test { client in
                let page = try await client.signIn()
                try page.expect(url: "/notes", screen: "Notes", text: "Kept")
            }
            await second.close()
        }
    }

    @Test func twoInstancesOnOneFileSeeAndRefreshEachOther() async throws {
        try await Fixture.withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("notes.sqlite").path
            let dataA = try await NotesData.open(database: path)
            let dataB = try await NotesData.open(database: path)
            _ = try await dataA.accounts.store.register(username: Fixture.username, password: Fixture.password)
            let a = try TestClient(try NotesApp.make(data: dataA, secret: .random()))
            let b = try TestClient(try NotesApp.make(data: dataB, secret: .random()))

            // B signs in (the account was made through A) and keeps its notes page open.
            try await b.signIn()
            let open = try await b.get("/notes")
            try open.expect(screen: "Notes", text: "No notes yet.")
            let events = try await b.openEvents(try #require(open.eventsURL))
            _ = try await events.next()

            // A writes; B's open page is told to refresh, and B reads A's note.
            try await a.signIn()
            try await a.get("/notes/~compose")
            try await a.fill("Title", with: "Written on A")
            try await a.press("Save")
            #expect(try await events.next(named: "refresh")?.data == ["note"])
            try await b.get("/notes").expect(screen: "Notes", text: "Written on A")
            events.close()

            // And the other way round: B's note is on A's list.
            try await b.get("/notes/~compose")
            try await b.fill("Title", with: "Written on B")
            try await b.press("Save")
            let list = try await a.get("/notes")
            #expect(list.elements(.role(.link).within(.role(.list, name: "Your notes"))).map(\.name) == ["Written on B", "Written on A"])

            await a.shutdown()
            await b.shutdown()
            await dataA.close()
            await dataB.close()
        }
    }
}
