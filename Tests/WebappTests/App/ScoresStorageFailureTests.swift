import Foundation
import GRDB
import Testing
import WebRouter
import WebRouterTesting
@testable import webapp
import WebRouterAccounts

/// When the accounts database cannot do its job, a visitor gets a page that says so: the form
/// again with a message (nothing saved) or a 503 page, never a 500 or a half-written account.
@Suite("Scores app: the database failing")
struct ScoresStorageFailureTests {
    @Test func aReadOnlyDatabaseKeepsSessionsButRefusesChangesOnTheForm() async throws {
        try await withMigratedDatabase { writable, path in
            // Its profiles' writer gives up after a tenth of a second when the file is locked.
            let readOnly = try await DemoStorage.sqlite(path: path, readonly: true, busyTimeout: .milliseconds(100))
            defer { Task { await readOnly.close() } }
            // Two instances over one file and one secret: one can write, the other only read.
            let secret = AppSecret.random()
            let writer = try ScoresFixture(data: try await DemoData.open(storage: writable, passwordIterations: 2), secret: secret)
            let fixture = try ScoresFixture(data: DemoData(storage: readOnly, passwordIterations: 2), secret: secret)

            let visitor = try fixture.visitor()
            try await visitor.get("/welcome/~registration")
            try await visitor.fill("Username", with: "ada")
            try await visitor.fill("Display name", with: "Ada")
            try await visitor.fill("Password", with: "engine")
            let refused = try await visitor.press("Create account")
            try refused.expect(status: 422, screen: "Registration",
                               text: "The accounts database is read-only at the moment. Nothing was saved")

            // Signing in records a session: read-only, the form says why it cannot.
            try await visitor.get("/welcome/~login")
            try await visitor.fill("Username", with: "demo")
            try await visitor.fill("Password", with: "demo")
            try await visitor.press("Sign in").expect(status: 422, screen: "Login", text: "read-only at the moment")

            // A session started while the file was writable is still read, and still valid.
            let client = try fixture.visitor()
            client.cookies = try await writer.signedIn().cookies
            try await client.get("/dashboard").expect(screen: "Dashboard")
            try await client.get("/dashboard/~edit/name")
            try await client.fill("Display name", with: "Renamed")
            try await client.press("Next")
            try await client.select(try fixture.teamName(10), from: "Favourite team")
            try await client.press("Next")
            // The profiles' store cannot write either: the other instance holds the file's write
            // lock for as long as this Save takes.
            let notSaved = try await writable.store.transaction { _ in try await client.press("Save") }
            try notSaved.expect(status: 422, screen: "UserEdit", text: "Nothing was saved")
            #expect(try await fixture.data.profiles.profile(named: "demo")?.displayName == "Demo User")
        }
    }

    @Test func pagesThatCannotReadTheDatabaseAre503() async throws {
        try await withMigratedDatabase { storage, path in
            let fixture = try ScoresFixture(data: try await DemoData.open(storage: storage, passwordIterations: 2))
            let client = try await fixture.signedIn()
            try await DatabaseQueue(path: path).writeWithoutTransaction { db in   // the file is damaged: accounts and profiles are gone, not their sessions
                try db.execute(sql: "PRAGMA foreign_keys = OFF")
                try db.execute(sql: "DROP TABLE profiles")
                try db.execute(sql: "DROP TABLE accounts")
                try db.execute(sql: "PRAGMA foreign_keys = ON")
            }

            for path in ["/dashboard", "/messages/~settings/account", "/dashboard/~edit/name"] {
                let page = try await client.get(path)
                try page.expect(status: 503, text: "The accounts database is not available. Please try again later.")
            }
            let feed = try await client.get("/feed")
            try feed.expect(status: 200, screen: "Feed")   // pages that need no account still work

            let visitor = try fixture.visitor()
            try await visitor.get("/welcome/~login")
            try await visitor.fill("Username", with: "demo")
            try await visitor.fill("Password", with: "demo")
            let refused = try await visitor.press("Sign in")
            try refused.expect(status: 422, screen: "Login", text: "The accounts database is not available.")
        }
    }
}
