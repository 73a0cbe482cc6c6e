#if SQLite
import Foundation
import GRDB
import Testing
@testable import WebRouterAccounts

/// The SQLite storage as instances on one host use it: one file, shared, surviving restarts;
/// the database's own failures are messages, never crashes.
@Suite("WebRouterAccounts: SQLite")
struct SQLiteAccountStorageTests {
    static func store(at path: String, readonly: Bool = false, busyTimeout: TimeInterval = 5) throws -> AccountStore {
        AccountStore(storage: SQLiteAccountStorage(database: try SQLiteAccountDatabase.open(path: path, busyTimeout: busyTimeout, readonly: readonly)),
                     rules: AccountRules(minimumPasswordLength: 4), passwordIterations: 2)
    }

    @Test func everythingWrittenSurvivesReopeningTheFileAndMigrationsRunOnce() async throws {
        try await withTemporaryDatabase { path in
            do {
                let store = try Self.store(at: path)
                try await store.register(username: "ada", password: "engine")
                try await store.changePassword(username: "ada", current: "engine", new: "analytical", confirmation: "analytical")
            }
            let reopened = try Self.store(at: path)
            let ada = try #require(try await reopened.authenticate(username: "ada", password: "analytical"))
            #expect(ada.passwordChangedAt >= ada.createdAt)
            #expect(try await reopened.count() == 1)
        }
    }

    @Test func anAppsOwnMigrationsRunAfterTheModulesAndCascade() async throws {
        let profiles = AccountMigration(name: "test v1: profiles", sql: [
            "CREATE TABLE profile (username TEXT NOT NULL PRIMARY KEY REFERENCES accounts(username) ON DELETE CASCADE, name TEXT NOT NULL)",
        ])
        let database = try SQLiteAccountDatabase.inMemory(appMigrations: [profiles])
        let store = AccountStore(storage: SQLiteAccountStorage(database: database), passwordIterations: 2)
        try await store.register(username: "ada", password: "engine12")
        try await database.write { db in try db.execute(sql: "INSERT INTO profile VALUES ('ada', 'Ada')") }
        try await store.deleteAccount(username: "ada", password: "engine12")
        #expect(try await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM profile") } == 0)
        let tables = try await database.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('accounts', 'account_sessions', 'profile') ORDER BY name")
        }
        #expect(tables == ["account_sessions", "accounts", "profile"])
    }

    /// Two instances on one host: two pools on the same file register the same name at once.
    @Test func aRegistrationRaceBetweenTwoInstancesHasOneWinner() async throws {
        try await withTemporaryDatabase { path in
            let first = try Self.store(at: path)
            let second = try Self.store(at: path)
            for round in 0..<5 {
                let name = "racer\(round)"
                async let one = Self.outcome { try await first.register(username: name, password: "first") }
                async let two = Self.outcome { try await second.register(username: name, password: "second") }
                let outcomes = await [one, two]
                #expect(outcomes.filter { $0 == nil }.count == 1, "one registration wins: \(outcomes)")
                #expect(outcomes.contains(AccountError([.username: AccountStore.taken])))
            }
            #expect(try await first.count() == 5)
        }
    }

    @Test func aReadOnlyDatabaseRefusesChangesWithAMessageAndStillSignsIn() async throws {
        try await withTemporaryDatabase { path in
            let writer = try Self.store(at: path)
            try await writer.register(username: "ada", password: "engine")
            let readOnly = try Self.store(at: path, readonly: true)
            #expect(try await readOnly.authenticate(username: "ada", password: "engine") != nil)
            let error = await #expect(throws: AccountError.self) {
                try await readOnly.register(username: "grace", password: "engine")
            }
            #expect(error?.isStorageFailure == true)
            #expect(error?[.form] == "The accounts database is read-only at the moment. Nothing was saved; please try again later.")
        }
    }

    @Test func aDamagedStoredHashIsRefusedWithAMessage() async throws {
        try await withTemporaryDatabase { path in
            let store = try Self.store(at: path)
            try await store.register(username: "ada", password: "engine")
            try await DatabaseQueue(path: path).write { db in
                try db.execute(sql: "UPDATE accounts SET password_hash = 'damaged' WHERE username = 'ada'")
            }
            let error = await #expect(throws: AccountError.self) { try await store.account(named: "ada") }
            #expect(error == .damagedPasswordHash)
        }
    }

    static func outcome(_ body: () async throws -> Void) async -> AccountError? {
        do { try await body(); return nil } catch { return error as? AccountError ?? AccountError([.form: "\(error)"]) }
    }
}
#endif
