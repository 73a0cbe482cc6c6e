import Foundation
import GRDB
import Testing
@testable import webapp

/// The accounts store on a real SQLite file, as the server uses it (WAL, one pool per
/// instance), with a low PBKDF2 count so the suite stays quick.
@Suite("Accounts")
struct AccountStoreTests {
    @Test func demoAccountSignsInWithItsPasswordOnly() async throws {
        try await withTemporaryDatabase { path in
            let store = try Self.store(at: path)
            let demo = try await store.authenticate(username: "demo", password: "demo")
            #expect(demo?.displayName == "Demo User")
            #expect(demo?.favouriteTeamID == 3)
            #expect(try await store.authenticate(username: "demo", password: "Demo") == nil)
            #expect(try await store.authenticate(username: "demo", password: "") == nil)
            #expect(try await store.authenticate(username: "nobody", password: "demo") == nil)
        }
    }

    @Test func registrationValidatesEveryField() async throws {
        try await withTemporaryDatabase { path in
            let store = try Self.store(at: path)
            let error = await #expect(throws: AccountError.self) {
                try await store.register(username: "Al", displayName: "   ", password: "abc")
            }
            let messages = try #require(error).messages
            #expect(messages[.username] != nil)
            #expect(messages[.displayName] == "Enter a display name.")
            #expect(messages[.password] == "Use at least 4 characters.")

            for bad in ["ab", "has space", "émile", String(repeating: "a", count: 21), "semi;colon", "x'); DROP TABLE account; --"] {
                await #expect(throws: AccountError.self, "username \(bad)") {
                    try await store.register(username: bad, displayName: "X", password: "secret")
                }
            }
            await #expect(throws: AccountError([.displayName: "Keep the display name to 40 characters."])) {
                try await store.register(username: "longname", displayName: String(repeating: "x", count: 41), password: "secret")
            }
            #expect(try await store.count() == 1, "nothing was saved")
        }
    }

    @Test func registeredUserCanSignInAndNamesAreUnique() async throws {
        try await withTemporaryDatabase { path in
            let store = try Self.store(at: path)
            let account = try await store.register(username: "ada.l-99_", displayName: "  Ada  ", password: "engine")
            #expect(account.displayName == "Ada")
            #expect(try await store.authenticate(username: "ada.l-99_", password: "engine")?.username == "ada.l-99_")
            await #expect(throws: AccountError([.username: "This username is taken."])) {
                try await store.register(username: "ada.l-99_", displayName: "Other", password: "other")
            }
            await #expect(throws: AccountError([.username: "This username is taken."])) {
                try await store.register(username: "demo", displayName: "Other", password: "other")
            }
        }
    }

    @Test func usernamesAreNormalisedOnceBeforeAnyLookup() async throws {
        // Issue 42: trimmed, NFC, lower case; one account however the name is typed.
        try await withTemporaryDatabase { path in
            let store = try Self.store(at: path)
            let account = try await store.register(username: "  Ada.L ", displayName: "Ada", password: "engine")
            #expect(account.username == "ada.l")
            for typed in ["ada.l", "ADA.L", " ada.l\t", "Ada.L\u{00A0}"] {
                #expect(try await store.authenticate(username: typed, password: "engine")?.username == "ada.l", "\(typed.debugDescription)")
            }
            await #expect(throws: AccountError([.username: "This username is taken."])) {
                try await store.register(username: "ADA.L", displayName: "Other", password: "other")
            }
            #expect(AccountStore.normalizedUsername("Jose\u{301} ") == "jos\u{E9}")
        }
    }

    @Test func changePasswordCycle() async throws {
        try await withTemporaryDatabase { path in
            let store = try Self.store(at: path)
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
            #expect(try await store.authenticate(username: "demo", password: "demo") != nil, "failed changes keep the old password")

            try await store.changePassword(username: "demo", current: "demo", new: "newpass", confirmation: "newpass")
            #expect(try await store.authenticate(username: "demo", password: "demo") == nil)
            #expect(try await store.authenticate(username: "demo", password: "newpass") != nil)
        }
    }

    @Test func profileUpdatesAreValidatedAndSaved() async throws {
        try await withTemporaryDatabase { path in
            let store = try Self.store(at: path, validTeamIDs: Set(1...48))
            let updated = try await store.updateProfile(username: "demo", displayName: "Demo Fan", favouriteTeam: .set(12), bio: "Hi")
            #expect(updated.displayName == "Demo Fan" && updated.favouriteTeamID == 12 && updated.bio == "Hi")
            #expect(try await store.account(named: "demo") == updated)
            let error = await #expect(throws: AccountError.self) {
                try await store.updateProfile(username: "demo", displayName: "", favouriteTeam: .set(49))
            }
            #expect(error?.messages[.displayName] != nil && error?.messages[.favouriteTeam] != nil)
            #expect(try await store.account(named: "demo")?.favouriteTeamID == 12)
            let renamed = try await store.updateProfile(username: "demo", displayName: "Demo")
            #expect(renamed.displayName == "Demo" && renamed.favouriteTeamID == 12 && renamed.bio == "Hi", "what is not given is kept")
            let cleared = try await store.updateProfile(username: "demo", favouriteTeam: .clear)
            #expect(cleared.displayName == "Demo" && cleared.favouriteTeamID == nil && cleared.bio == "Hi")
            await #expect(throws: AccountError([.form: "There is no account named ghost."])) {
                try await store.updateProfile(username: "ghost", displayName: "Ghost")
            }
        }
    }

    @Test func everythingWrittenSurvivesReopeningTheFile() async throws {
        try await withTemporaryDatabase { path in
            do {
                let store = try Self.store(at: path)
                try await store.register(username: "ada", displayName: "Ada", password: "engine")
                try await store.updateProfile(username: "ada", displayName: "Ada Lovelace", favouriteTeam: .set(7), bio: "Notes")
                try await store.changePassword(username: "ada", current: "engine", new: "analytical", confirmation: "analytical")
            }
            let reopened = try Self.store(at: path)
            let ada = try #require(try await reopened.authenticate(username: "ada", password: "analytical"))
            #expect(ada.displayName == "Ada Lovelace" && ada.favouriteTeamID == 7 && ada.bio == "Notes")
            #expect(try await reopened.count() == 2, "the migrations ran once: one demo account")
        }
    }

    /// Two instances on one host: two pools on the same file register the same name at once.
    @Test func aRegistrationRaceBetweenTwoInstancesHasOneWinner() async throws {
        try await withTemporaryDatabase { path in
            let first = try Self.store(at: path)
            let second = try Self.store(at: path)
            for round in 0..<5 {
                let name = "racer\(round)"
                async let one = Self.outcome { try await first.register(username: name, displayName: "One", password: "first") }
                async let two = Self.outcome { try await second.register(username: name, displayName: "Two", password: "second") }
                let outcomes = await [one, two]
                #expect(outcomes.filter { $0 == nil }.count == 1, "one registration wins: \(outcomes)")
                #expect(outcomes.contains(AccountError([.username: "This username is taken."])))
                let winner = try #require(try await first.account(named: name))
                #expect(try await second.authenticate(username: name, password: winner.displayName == "One" ? "first" : "second") != nil)
            }
            #expect(try await first.count() == 6)
        }
    }

    @Test func aReadOnlyDatabaseRefusesChangesWithAMessageAndStillSignsIn() async throws {
        try await withTemporaryDatabase { path in
            let writer = try Self.store(at: path)
            defer { withExtendedLifetime(writer) {} }
            let readOnly = AccountStore(database: try AccountDatabase.open(path: path, readonly: true), passwordIterations: 2)
            #expect(try await readOnly.authenticate(username: "demo", password: "demo") != nil)
            let error = await #expect(throws: AccountError.self) {
                try await readOnly.register(username: "ada", displayName: "Ada", password: "engine")
            }
            #expect(error?.isStorageFailure == true)
            #expect(error?[.form] == "The accounts database is read-only at the moment. Nothing was saved; please try again later.")
            await #expect(throws: AccountError.self) {
                try await readOnly.changePassword(username: "demo", current: "demo", new: "better", confirmation: "better")
            }
            #expect(try await readOnly.authenticate(username: "demo", password: "demo") != nil, "nothing was half-written")
        }
    }

    @Test func aDatabaseLockedByAnotherWriterIsABusyMessage() async throws {
        try await withTemporaryDatabase { path in
            _ = try Self.store(at: path)
            let impatient = AccountStore(database: try AccountDatabase.open(path: path, passwordIterations: 2, busyTimeout: 0.05),
                                         passwordIterations: 2)
            // Another process holds the write lock for the whole attempt.
            var holding = Configuration()
            holding.allowsUnsafeTransactions = true   // the transaction stays open between two accesses
            let other = try DatabaseQueue(path: path, configuration: holding)
            try await other.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }
            let error = await #expect(throws: AccountError.self) {
                try await impatient.register(username: "ada", displayName: "Ada", password: "engine")
            }
            #expect(error?.isStorageFailure == true)
            #expect(error?[.form] == "The accounts database is busy. Nothing was saved; please try again later.")
            try await other.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
            try await impatient.register(username: "ada", displayName: "Ada", password: "engine")
            #expect(try await impatient.account(named: "ada") != nil)
        }
    }

    @Test func aFullDiskIsAMessageAndLeavesEarlierAccountsWhole() async throws {
        try await withTemporaryDatabase { path in
            _ = try Self.store(at: path)
            // The file may grow by two pages at most (GRDB needs one while opening), then the
            // next page it needs is a full disk.
            let pages = try await DatabaseQueue(path: path).read { db in try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 1 }
            let full = AccountStore(database: try AccountDatabase.open(path: path, passwordIterations: 2, prepare: { db in
                try db.execute(sql: "PRAGMA max_page_count = \(pages + 2)")
            }), passwordIterations: 2)
            var saved = 0
            var failure: AccountError?
            for index in 0..<2_000 {
                do {
                    try await full.register(username: "fan\(index)", displayName: String(repeating: "F", count: 40), password: "password")
                    saved += 1
                } catch {
                    failure = error as? AccountError
                    break
                }
            }
            let error = try #require(failure, "the file never filled up")
            #expect(error.isStorageFailure)
            #expect(error[.form] == "The server's disk is full. Nothing was saved; please try again later.")
            #expect(try await full.count() == saved + 1, "every account before the failure is whole, the failed one absent")
            #expect(try await full.account(named: "fan\(saved)") == nil)
        }
    }

    @Test func pagesReadsSeeEveryCommittedChangeAtOnceFromEveryThread() async throws {
        try await withTemporaryDatabase { path in
            let store = try Self.store(at: path)
            for round in 1...5 {
                try await store.updateProfile(username: "demo", displayName: "Demo \(round)", bio: "Bio \(round)")
                let session = try await store.startSession(username: "demo")
                // Read at once by many tasks on the cooperative pool's threads (pages read on
                // whichever thread serves the request): each sees what was just committed.
                let seen = try await withThrowingTaskGroup(of: (String?, Bool).self) { group in
                    for _ in 0..<16 {
                        group.addTask {
                            let account = try await store.account(named: "demo")
                            return (account?.displayName, try await store.isSessionActive(id: session, username: "demo"))
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(seen.allSatisfy { $0 == ("Demo \(round)", true) })
                try await store.endSession(id: session)
                let ended = try await withThrowingTaskGroup(of: Bool.self) { group in
                    for _ in 0..<16 { group.addTask { try await store.isSessionActive(id: session, username: "demo") } }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(!ended.contains(true), "a session signed out is ended for every reader at once")
            }
            let account = try #require(try await store.account(named: "demo"))
            #expect(account.bio == "Bio 5" && account.favouriteTeamID == 3)
            #expect(try await store.account(named: "nobody") == nil)
            #expect(try await store.account(named: "") == nil)
        }
    }

    @Test func aDamagedStoredHashIsRefusedWithAMessage() async throws {
        try await withTemporaryDatabase { path in
            let store = try Self.store(at: path)
            try await DatabaseQueue(path: path).write { db in
                try db.execute(sql: "UPDATE account SET password_hash = 'damaged' WHERE username = 'demo'")
            }
            let error = await #expect(throws: AccountError.self) { try await store.account(named: "demo") }
            #expect(error == .damagedPasswordHash)
        }
    }

    @Test func aDatabaseThatCannotBeReadIsAStorageFailure() async throws {
        try await withTemporaryDatabase { path in
            let store = try Self.store(at: path)
            // Another file (not a database) now sits where the accounts were: every read fails.
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            try Data("not a database".utf8).write(to: URL(fileURLWithPath: path))
            let error = await #expect(throws: AccountError.self) { try await store.account(named: "someone") }
            #expect(error?.isStorageFailure == true)
        }
    }

    @Test func hashesAreSaltedStoreTheirParametersAndDoNotPrintTheDigest() {
        let first = PasswordHash(password: "demo", iterations: 1_000)
        let second = PasswordHash(password: "demo", iterations: 1_000)
        #expect(first.salt != second.salt && first.digest != second.digest)
        #expect(first.verifies("demo") && second.verifies("demo") && !first.verifies("Demo"))
        #expect(first.encoded.hasPrefix("pbkdf2-sha256$1000$"))
        #expect(PasswordHash(encoded: first.encoded) == first)
        #expect(PasswordHash.defaultIterations >= 210_000)
        let hex = first.digest.map { String($0, radix: 16) }.joined()
        #expect(!"\(first)".contains(hex) && !"\(first)".contains(first.encoded))
    }

    /// PBKDF2-HMAC-SHA256 as everyone computes it (Python's `hashlib.pbkdf2_hmac`).
    @Test func hashIsStandardPBKDF2() {
        let hash = PasswordHash(password: "demo", salt: Array(0..<16), iterations: 1_000)
        #expect(hash.encoded == "pbkdf2-sha256$1000$AAECAwQFBgcICQoLDA0ODw==$60EwrXtmtbJdTV8bfMBG1p+8EQ1oDnkWA/Skda1JhVY=")
        #expect(PasswordHash(password: "", salt: Array(0..<16), iterations: 3).digest.map { String(format: "%02x", $0) }.joined()
                == "f826e75fcd86ff4fd3471c1737c7cfe3313fd8c73d9487f14f5225e9897dfb83")
    }

    @Test(arguments: ["", "pbkdf2-sha256", "md5$1$AA==$AA==", "pbkdf2-sha256$0$AAAA$" + String(repeating: "A", count: 44),
                      "pbkdf2-sha256$99999999999$AAAA$AAAA", "pbkdf2-sha256$1000$!!$AAAA", "pbkdf2-sha256$1000$AAAA$AAAA$"])
    func malformedStoredHashesAreRefused(encoded: String) {
        #expect(PasswordHash(encoded: encoded) == nil)
    }

    // MARK: - Helpers

    static func store(at path: String, validTeamIDs: Set<Int>? = nil) throws -> AccountStore {
        AccountStore(database: try AccountDatabase.open(path: path, passwordIterations: 2),
                     validTeamIDs: validTeamIDs, passwordIterations: 2)
    }

    static func outcome(_ body: () async throws -> Void) async -> AccountError? {
        do { try await body(); return nil } catch { return error as? AccountError ?? AccountError([.form: "\(error)"]) }
    }
}
