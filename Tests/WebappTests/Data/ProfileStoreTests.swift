import Foundation
import GRDB
import Testing
@testable import webapp
import WebRouterAccounts
import WebRouterTesting

/// The demo's profiles, records of WebRouterStore beside the accounts of WebRouterAccounts, on
/// a real SQLite file as the server uses it and on PostgreSQL (when installed): the seeded demo
/// account, validated edits that keep what they do not change, everything surviving a
/// reopening, and a file the demo wrote before the store keeping its profiles.
@Suite("Demo profiles")
struct ProfileStoreTests {
    /// Where the demo's storage is opened: a new SQLite file, or a new PostgreSQL database.
    enum Backend: String, CaseIterable, Sendable {
        case sqlite, postgres

        static var available: [Backend] {
            #if PostgreSQL
            TestPostgres.skipReason == nil ? allCases : [.sqlite]
            #else
            [.sqlite]
            #endif
        }

        /// A new location's `--database` text, in `directory` for a file.
        func location(in directory: String) async throws -> String {
            switch self {
            case .sqlite: return directory + "/webapp.sqlite"
            case .postgres: return try await TestPostgres.database().url
            }
        }
    }

    /// The demo's data at `location`, opened as `webapp serve` opens it; closed by `body`'s end.
    static func withData(at location: String, _ body: (DemoData) async throws -> Void) async throws {
        let storage = try await DemoStorage.open(location)
        do {
            try await body(try await DemoData.open(storage: storage, passwordIterations: 2))
            await storage.close()
        } catch {
            await storage.close()
            throw error
        }
    }

    @Test(arguments: Backend.available)
    func theDemoAccountIsSeededWithItsProfileOnce(backend: Backend) async throws {
        try await withTemporaryDatabase { path in
            let location = try await backend.location(in: (path as NSString).deletingLastPathComponent)
            try await Self.withData(at: location) { (data: DemoData) async throws in
                #expect(try await data.accounts.store.authenticate(username: "demo", password: "demo") != nil)
                let profile = try await data.profiles.profile(named: "demo")
                #expect(profile?.displayName == "Demo User" && profile?.favouriteTeamID == 3)
            }
            try await Self.withData(at: location) { (reopened: DemoData) async throws in
                #expect(try await reopened.accounts.store.count() == 1, "the migrations ran once: one demo account")
            }
        }
    }

    @Test func profileUpdatesAreValidatedAndSaved() async throws {
        try await withTemporaryDatabase { path in
            try await Self.withData(at: path) { (data: DemoData) async throws in
                let profiles = data.profiles
                let updated = try await profiles.update(username: "demo", displayName: "Demo Fan", favouriteTeam: .set(12), bio: "Hi")
                #expect(updated.displayName == "Demo Fan" && updated.favouriteTeamID == 12 && updated.bio == "Hi")
                #expect(try await profiles.profile(named: "demo") == updated)
                let error = await #expect(throws: AccountError.self) {
                    try await profiles.update(username: "demo", displayName: "", favouriteTeam: .set(10_000))
                }
                #expect(error?.messages[.displayName] != nil && error?.messages[.favouriteTeam] != nil)
                #expect(try await profiles.profile(named: "demo")?.favouriteTeamID == 12)
                let renamed = try await profiles.update(username: "demo", displayName: "Demo")
                #expect(renamed.displayName == "Demo" && renamed.favouriteTeamID == 12 && renamed.bio == "Hi", "what is not given is kept")
                let cleared = try await profiles.update(username: "demo", favouriteTeam: .clear)
                #expect(cleared.favouriteTeamID == nil && cleared.bio == "Hi")
                await #expect(throws: AccountError([.form: "There is no account named ghost."])) {
                    try await profiles.update(username: "ghost", displayName: "Ghost")
                }
            }
        }
    }

    @Test(arguments: Backend.available)
    func everythingWrittenSurvivesReopeningAndANameRegisteredAgainStartsAfresh(backend: Backend) async throws {
        try await withTemporaryDatabase { path in
            let location = try await backend.location(in: (path as NSString).deletingLastPathComponent)
            try await Self.withData(at: location) { (data: DemoData) async throws in
                try await data.accounts.store.register(username: "ada", password: "engine")
                try await data.profiles.create(username: "ada", displayName: "Ada")
                try await data.profiles.update(username: "ada", displayName: "Ada Lovelace", favouriteTeam: .set(7), bio: "Notes")
            }
            try await Self.withData(at: location) { (reopened: DemoData) async throws in
                let ada = try #require(try await reopened.profiles.profile(named: "ada"))
                #expect(ada.displayName == "Ada Lovelace" && ada.favouriteTeamID == 7 && ada.bio == "Notes")
                // Deleted past the screen (whose onDelete takes the profile): a new "ada" still
                // gets a profile of her own, not the old one.
                try await reopened.accounts.store.deleteAccount(username: "ada", password: "engine")
                try await reopened.accounts.store.register(username: "ada", password: "second")
                try await reopened.profiles.create(username: "ada", displayName: "Another Ada")
                #expect(try await reopened.profiles.profile(named: "ada")
                        == Profile(username: "ada", displayName: "Another Ada", favouriteTeamID: nil, bio: ""))
            }
        }
    }

    /// A file written by the demo before its profiles moved into the store (its own `profile`
    /// table, by the accounts' migrations): the accounts and every profile are there after the
    /// upgrade, the old table is gone, and the demo account is not made twice.
    @Test func aFileFromBeforeTheStoreKeepsItsProfiles() async throws {
        try await withTemporaryDatabase { path in
            do {   // the demo as it was: its profile table and seed in the accounts' migrations
                let columns = """
                    username TEXT NOT NULL PRIMARY KEY REFERENCES accounts(username) ON DELETE CASCADE ON UPDATE CASCADE, \
                    display_name TEXT NOT NULL, favourite_team_id INTEGER, bio TEXT NOT NULL DEFAULT ''
                    """
                let hash = PasswordHash(password: "demo", iterations: 2).encoded
                let old = AccountMigration(name: "scores v1: profiles, with the demo account", sql: [
                    "CREATE TABLE profile (\(columns)) STRICT",
                    "INSERT INTO accounts (username, password_hash, created_at, password_changed_at) VALUES ('demo', '\(hash)', 1, 1)",
                    "INSERT INTO profile (username, display_name, favourite_team_id, bio) VALUES ('demo', 'Demo User', 3, 'The pre-made account of the WebRouter demo.')",
                ])
                let pool = try SQLiteAccountDatabase.open(path: path, appMigrations: [old])
                let accounts = AccountStore(storage: SQLiteAccountStorage(database: pool), rules: DemoData.accountRules, passwordIterations: 2)
                try await accounts.register(username: "ada", password: "engine")
                try await pool.write { db in
                    try db.execute(sql: "INSERT INTO profile (username, display_name, favourite_team_id, bio) VALUES ('ada', 'Ada Lovelace', 7, 'Notes')")
                    try db.execute(sql: "UPDATE profile SET display_name = 'Demo Renamed' WHERE username = 'demo'")
                }
                try pool.close()
            }
            try await Self.withData(at: path) { (data: DemoData) async throws in
                #expect(try await data.profiles.profile(named: "ada")
                        == Profile(username: "ada", displayName: "Ada Lovelace", favouriteTeamID: 7, bio: "Notes"))
                #expect(try await data.profiles.profile(named: "demo")?.displayName == "Demo Renamed")
                #expect(try await data.accounts.store.count() == 2)
                #expect(try await data.accounts.store.authenticate(username: "ada", password: "engine") != nil)
                #expect(try await data.accounts.store.authenticate(username: "demo", password: "demo") != nil)
            }
            let tables = try await DatabaseQueue(path: path).read { db in
                try String.fetchAll(db, sql: "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
            }
            #expect(tables.contains("profiles") && !tables.contains("profile"), "\(tables)")
        }
    }
}
