import Testing
@testable import webapp

@Suite("Accounts")
struct AccountStoreTests {
    @Test func demoAccountSignsInWithItsPasswordOnly() async {
        let store = AccountStore()
        let demo = await store.authenticate(username: "demo", password: "demo")
        #expect(demo?.displayName == "Demo User")
        #expect(demo?.favouriteTeamID == 3)
        #expect(await store.authenticate(username: "demo", password: "Demo") == nil)
        #expect(await store.authenticate(username: "demo", password: "") == nil)
        #expect(await store.authenticate(username: "nobody", password: "demo") == nil)
    }

    @Test func registrationValidatesEveryField() async throws {
        let store = AccountStore()
        let error = await #expect(throws: AccountError.self) {
            try await store.register(username: "Al", displayName: "   ", password: "abc")
        }
        let messages = try #require(error).messages
        #expect(messages[.username] != nil)
        #expect(messages[.displayName] == "Enter a display name.")
        #expect(messages[.password] == "Use at least 4 characters.")

        for bad in ["ab", "UPPER", "has space", "émile", String(repeating: "a", count: 21), "semi;colon"] {
            await #expect(throws: AccountError.self, "username \(bad)") {
                try await store.register(username: bad, displayName: "X", password: "secret")
            }
        }
        await #expect(throws: AccountError([.displayName: "Keep the display name to 40 characters."])) {
            try await store.register(username: "longname", displayName: String(repeating: "x", count: 41), password: "secret")
        }
        #expect(await store.count == 1, "nothing was saved")
    }

    @Test func registeredUserCanSignInAndNamesAreUnique() async throws {
        let store = AccountStore()
        let account = try await store.register(username: "ada.l-99_", displayName: "  Ada  ", password: "engine")
        #expect(account.displayName == "Ada")
        #expect(await store.authenticate(username: "ada.l-99_", password: "engine")?.username == "ada.l-99_")
        await #expect(throws: AccountError([.username: "This username is taken."])) {
            try await store.register(username: "ada.l-99_", displayName: "Other", password: "other")
        }
        await #expect(throws: AccountError([.username: "This username is taken."])) {
            try await store.register(username: "demo", displayName: "Other", password: "other")
        }
    }

    @Test func changePasswordCycle() async throws {
        let store = AccountStore()
        await #expect(throws: AccountError([.currentPassword: "The current password is not right."])) {
            try await store.changePassword(username: "demo", current: "wrong", new: "newpass", confirmation: "newpass")
        }
        await #expect(throws: AccountError([.newPassword: "Use at least 4 characters."])) {
            try await store.changePassword(username: "demo", current: "demo", new: "abc", confirmation: "abc")
        }
        await #expect(throws: AccountError([.newPassword: "Choose a password different from the current one."])) {
            try await store.changePassword(username: "demo", current: "demo", new: "demo", confirmation: "demo")
        }
        await #expect(throws: AccountError([.confirmation: "The two new passwords do not match."])) {
            try await store.changePassword(username: "demo", current: "demo", new: "newpass", confirmation: "newpas")
        }
        await #expect(throws: AccountError([.form: "There is no account named ghost."])) {
            try await store.changePassword(username: "ghost", current: "demo", new: "newpass", confirmation: "newpass")
        }
        #expect(await store.authenticate(username: "demo", password: "demo") != nil, "failed changes keep the old password")

        try await store.changePassword(username: "demo", current: "demo", new: "newpass", confirmation: "newpass")
        #expect(await store.authenticate(username: "demo", password: "demo") == nil)
        #expect(await store.authenticate(username: "demo", password: "newpass") != nil)
    }

    @Test func profileUpdatesAreValidatedAndSaved() async throws {
        let store = AccountStore(validTeamIDs: Set(1...48))
        let updated = try await store.updateProfile(username: "demo", displayName: "Demo Fan", favouriteTeamID: 12, bio: "Hi")
        #expect(updated.displayName == "Demo Fan" && updated.favouriteTeamID == 12 && updated.bio == "Hi")
        #expect(await store.account(named: "demo") == updated)
        let error = await #expect(throws: AccountError.self) {
            try await store.updateProfile(username: "demo", displayName: "", favouriteTeamID: 49)
        }
        #expect(error?.messages[.displayName] != nil && error?.messages[.favouriteTeam] != nil)
        #expect(await store.account(named: "demo")?.favouriteTeamID == 12)
        let cleared = try await store.updateProfile(username: "demo", displayName: "Demo", favouriteTeamID: nil)
        #expect(cleared.favouriteTeamID == nil && cleared.bio == "Hi")
    }

    @Test func hashesAreSaltedAndDoNotPrintTheDigest() {
        let first = PasswordHash(password: "demo")
        let second = PasswordHash(password: "demo")
        #expect(first.salt != second.salt && first.digest != second.digest)
        #expect(first.verifies("demo") && second.verifies("demo"))
        let hex = first.digest.map { String($0, radix: 16) }.joined()
        #expect(!"\(first)".contains(hex))
    }
}
