import Foundation
import GRDB
import Testing
@testable import webapp
import WebRouterAccounts

/// The demo's profiles beside the accounts of WebRouterAccounts, on a real SQLite file as the
/// server uses it: the seeded demo account, validated edits that keep what they do not change,
/// everything surviving a reopening, and a profile deleted with its account.
@Suite("Demo profiles")
struct ProfileStoreTests {
    static func data(at path: String) throws -> DemoData {
        DemoData(database: try DemoDatabase.open(path: path, passwordIterations: 2), passwordIterations: 2)
    }

    @Test func theDemoAccountIsSeededWithItsProfileOnce() async throws {
        try await withTemporaryDatabase { path in
            do {
                let data = try Self.data(at: path)
                #expect(try await data.accounts.store.authenticate(username: "demo", password: "demo") != nil)
                let profile = try await data.profiles.profile(named: "demo")
                #expect(profile?.displayName == "Demo User" && profile?.favouriteTeamID == 3)
            }
            let reopened = try Self.data(at: path)
            #expect(try await reopened.accounts.store.count() == 1, "the migrations ran once: one demo account")
        }
    }

    @Test func profileUpdatesAreValidatedAndSaved() async throws {
        try await withTemporaryDatabase { path in
            let profiles = try Self.data(at: path).profiles
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

    @Test func everythingWrittenSurvivesReopeningTheFileAndGoesWithTheAccount() async throws {
        try await withTemporaryDatabase { path in
            do {
                let data = try Self.data(at: path)
                try await data.accounts.store.register(username: "ada", password: "engine")
                try await data.profiles.create(username: "ada", displayName: "Ada")
                try await data.profiles.update(username: "ada", displayName: "Ada Lovelace", favouriteTeam: .set(7), bio: "Notes")
            }
            let reopened = try Self.data(at: path)
            let ada = try #require(try await reopened.profiles.profile(named: "ada"))
            #expect(ada.displayName == "Ada Lovelace" && ada.favouriteTeamID == 7 && ada.bio == "Notes")
            try await reopened.accounts.store.deleteAccount(username: "ada", password: "engine")
            #expect(try await reopened.profiles.profile(named: "ada") == nil, "the profile is deleted with its account")
        }
    }
}
