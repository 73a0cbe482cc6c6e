#if PostgreSQL
import Foundation
import Logging
import PostgresNIO
import Testing
@testable import WebRouterAccounts
import WebRouterTesting

/// The store on a PostgreSQL server, as instances on several hosts use it: the same behaviour
/// as on SQLite, migrations safe when two instances start at once, one winner of a registration
/// race. On a database of the test process's own cluster (`TestPostgres`, as the store's suite
/// uses); skipped, with the reason, where PostgreSQL's server binaries are not installed.
@Suite("WebRouterAccounts: PostgreSQL", .enabled(if: TestPostgres.skipReason == nil,
                                                 Comment(rawValue: TestPostgres.skipReason ?? "")),
       .timeLimit(.minutes(2)))
struct PostgresAccountStorageTests {
    @Test func theStoreOnAPostgreSQLServer() async throws {
        let database = try await TestPostgres.database()
        let client = PostgresClient(configuration: PostgresClient.Configuration(
            unixSocketPath: database.unixSocketPath, username: "postgres", password: nil, database: database.name),
            backgroundLogger: Logger(label: "accounts-tests.postgres"))
        let running = Task.immediate { await client.run() }
        defer { running.cancel() }

        // Two instances starting at once migrate once.
        let profiles = AccountMigration(name: "test v1: profiles", sql: [
            "CREATE TABLE profile (username TEXT NOT NULL PRIMARY KEY REFERENCES accounts(username) ON DELETE CASCADE, name TEXT NOT NULL)",
        ])
        async let first: Void = PostgresAccountSchema.migrate(client, appMigrations: [profiles])
        async let second: Void = PostgresAccountSchema.migrate(client, appMigrations: [profiles])
        _ = try await (first, second)
        try await PostgresAccountSchema.migrate(client, appMigrations: [profiles])

        let store = AccountStore(storage: PostgresAccountStorage(client: client), rules: AccountRules(minimumPasswordLength: 4),
                                 passwordIterations: 2)
        let ada = try await store.register(username: " Ada ", password: "engine")
        #expect(ada.username == "ada")
        #expect(try await store.authenticate(username: "ADA", password: "engine")?.username == "ada")
        #expect(try await store.authenticate(username: "ada", password: "wrong") == nil)
        await #expect(throws: AccountError([.username: AccountStore.taken])) {
            try await store.register(username: "ada", password: "other")
        }

        // Two registrations of one name at once: one winner.
        let other = AccountStore(storage: PostgresAccountStorage(client: client), passwordIterations: 2)
        async let one = Self.outcome { try await store.register(username: "racer", password: "first1") }
        async let two = Self.outcome { try await other.register(username: "racer", password: "second2") }
        let outcomes = await [one, two]
        #expect(outcomes.filter { $0 == nil }.count == 1, "\(outcomes)")

        // Sessions: ended one by one, renewed, and with the account.
        let laptop = try await store.startSession(username: "ada")
        #expect(try await store.isSessionActive(id: laptop, username: "ada"))
        try await store.changePassword(username: "ada", current: "engine", new: "analytical", confirmation: "analytical")
        let renewed = try await store.renewSessions(of: "ada")
        #expect(try await !store.isSessionActive(id: laptop, username: "ada"))
        #expect(try await store.isSessionActive(id: renewed, username: "ada"))
        try await client.query("INSERT INTO profile VALUES ('ada', 'Ada')")
        try await store.deleteAccount(username: "ada", password: "analytical")
        #expect(try await !store.isSessionActive(id: renewed, username: "ada"))
        var profilesLeft = 0
        for try await count in try await client.query("SELECT COUNT(*) FROM profile").decode(Int.self) { profilesLeft = count }
        #expect(profilesLeft == 0, "the app's rows go with the account")
        #expect(try await store.count() == 1)
    }

    static func outcome(_ body: () async throws -> Void) async -> AccountError? {
        do { try await body(); return nil } catch { return error as? AccountError ?? AccountError([.form: "\(error)"]) }
    }
}
#endif
