import Foundation
import Testing
import WebRouter
@testable import WebRouterAccounts
#if SQLite
import GRDB
#endif

/// The account store over each storage the module has (in memory; SQLite, as a server uses it),
/// with a low PBKDF2 count so the suite stays quick.
@Suite("WebRouterAccounts: the store")
struct AccountStoreTests {
    /// The kinds of storage every store test runs on.
    enum Kind: String, CaseIterable, CustomStringConvertible {
        case memory, sqliteFile
        var description: String { rawValue }
    }

    static var kinds: [Kind] {
        #if SQLite
        Kind.allCases
        #else
        [.memory]
        #endif
    }

    /// A store over a fresh storage of `kind`, with `ada` / `engine1` registered.
    static func withStore(_ kind: Kind, _ body: (AccountStore) async throws -> Void) async throws {
        switch kind {
        case .memory:
            let store = AccountStore(storage: InMemoryAccountStorage(), rules: AccountRules(minimumPasswordLength: 4), passwordIterations: 2)
            try await store.register(username: "ada", password: "engine1")
            try await body(store)
        case .sqliteFile:
            #if SQLite
            try await withTemporaryDatabase { path in
                let store = AccountStore(storage: SQLiteAccountStorage(database: try SQLiteAccountDatabase.open(path: path)),
                                         rules: AccountRules(minimumPasswordLength: 4), passwordIterations: 2)
                try await store.register(username: "ada", password: "engine1")
                try await body(store)
            }
            #endif
        }
    }

    @Test(arguments: kinds) func registrationValidatesAndNamesAreUnique(kind: Kind) async throws {
        try await Self.withStore(kind) { store async throws in
            let error = await #expect(throws: AccountError.self) { try await store.register(username: "Al", password: "abc") }
            #expect(error?.messages[.username] == "Use 3–20 characters: a–z, 0–9, _ . -")
            #expect(error?.messages[.password] == "Use at least 4 characters.")
            for bad in ["has space", "émile", String(repeating: "a", count: 21), "semi;colon", "x'); DROP TABLE accounts; --"] {
                await #expect(throws: AccountError.self, "username \(bad)") {
                    try await store.register(username: bad, password: "secret")
                }
            }
            await #expect(throws: AccountError([.username: AccountStore.taken])) {
                try await store.register(username: "ADA", password: "other")
            }
            #expect(try await store.count() == 1, "nothing else was saved")
        }
    }

    @Test(arguments: kinds) func usernamesAreNormalisedOnceBeforeAnyLookup(kind: Kind) async throws {
        try await Self.withStore(kind) { store async throws in
            let account = try await store.register(username: "  Grace.H ", password: "cobol60")
            #expect(account.username == "grace.h")
            for typed in ["grace.h", "GRACE.H", " grace.h\t", "Grace.H\u{00A0}"] {
                #expect(try await store.authenticate(username: typed, password: "cobol60")?.username == "grace.h", "\(typed.debugDescription)")
            }
            #expect(AccountRules.normalizedUsername("Jose\u{301} ") == "jos\u{E9}")
        }
    }

    @Test(arguments: kinds) func signInOnlyWithTheRightPassword(kind: Kind) async throws {
        try await Self.withStore(kind) { store async throws in
            #expect(try await store.authenticate(username: "ada", password: "engine1")?.username == "ada")
            #expect(try await store.authenticate(username: "ada", password: "Engine1") == nil)
            #expect(try await store.authenticate(username: "ada", password: "") == nil)
            #expect(try await store.authenticate(username: "nobody", password: "engine1") == nil)
        }
    }

    @Test(arguments: kinds) func changePasswordCycle(kind: Kind) async throws {
        try await Self.withStore(kind) { store async throws in
            await #expect(throws: AccountError([.currentPassword: AccountStore.wrongCurrentPassword])) {
                try await store.changePassword(username: "ada", current: "wrong", new: "newpass", confirmation: "newpass")
            }
            await #expect(throws: AccountError([.newPassword: "Use at least 4 characters."])) {
                try await store.changePassword(username: "ada", current: "engine1", new: "abc", confirmation: "abc")
            }
            await #expect(throws: AccountError([.newPassword: "Choose a password different from the current one."])) {
                try await store.changePassword(username: "ada", current: "engine1", new: "engine1", confirmation: "engine1")
            }
            await #expect(throws: AccountError([.confirmation: "The two new passwords do not match."])) {
                try await store.changePassword(username: "ada", current: "engine1", new: "newpass", confirmation: "newpas")
            }
            #expect(try await store.authenticate(username: "ada", password: "engine1") != nil, "failed changes keep the old password")
            try await store.changePassword(username: "ada", current: "engine1", new: "newpass", confirmation: "newpass")
            #expect(try await store.authenticate(username: "ada", password: "engine1") == nil)
            #expect(try await store.authenticate(username: "ada", password: "newpass") != nil)
        }
    }

    @Test(arguments: kinds) func sessionsEndOneByOneAllButOneAndWithTheAccount(kind: Kind) async throws {
        try await Self.withStore(kind) { store async throws in
            let laptop = try await store.startSession(username: "ada")
            let phone = try await store.startSession(username: "ada")
            #expect(try await store.isSessionActive(id: laptop, username: "ada"))
            #expect(try await !store.isSessionActive(id: laptop, username: "someone-else"))
            try await store.endSession(id: laptop)
            #expect(try await !store.isSessionActive(id: laptop, username: "ada"))
            let renewed = try await store.renewSessions(of: "ada")
            #expect(try await !store.isSessionActive(id: phone, username: "ada"), "a renewal ends every other session")
            #expect(try await store.isSessionActive(id: renewed, username: "ada"))
            #expect(renewed != phone)

            await #expect(throws: AccountError([.password: AccountStore.wrongCurrentPassword])) {
                try await store.deleteAccount(username: "ada", password: "wrong")
            }
            try await store.deleteAccount(username: "ada", password: "engine1")
            #expect(try await store.account(named: "ada") == nil)
            #expect(try await !store.isSessionActive(id: renewed, username: "ada"), "deleting the account ends its sessions")
            #expect(try await store.count() == 0)
            try await store.register(username: "ada", password: "again1")   // the name is free again
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
    }

    @Test(arguments: ["", "pbkdf2-sha256", "md5$1$AA==$AA==", "pbkdf2-sha256$0$AAAA$" + String(repeating: "A", count: 44),
                      "pbkdf2-sha256$99999999999$AAAA$AAAA", "pbkdf2-sha256$1000$!!$AAAA", "pbkdf2-sha256$1000$AAAA$AAAA$"])
    func malformedStoredHashesAreRefused(encoded: String) {
        #expect(PasswordHash(encoded: encoded) == nil)
    }

    @Test func aFullHashingQueueIsBusyNotAWrongPassword() async throws {
        let pool = BoundedWorkPool(maximumConcurrent: 1, maximumWaiting: 0)
        let store = AccountStore(storage: InMemoryAccountStorage(), passwordIterations: 2, hashing: pool)
        let gate = DispatchSemaphore(value: 0)
        let holder = Task { try await pool.run { gate.wait() } }
        for _ in 0..<10_000 where pool.running == 0 { await Task.yield() }
        let error = await #expect(throws: AccountError.self) { try await store.authenticate(username: "ada", password: "x") }
        #expect(error?.isBusy == true)
        gate.signal()
        try await holder.value
    }
}
