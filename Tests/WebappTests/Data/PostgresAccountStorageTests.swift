import Foundation
import PostgresNIO
import Testing
@testable import webapp

/// The accounts store on a real PostgreSQL server of the test's own (`LocalPostgres`), as
/// `webapp serve --database postgres://…` uses it, with a low PBKDF2 count: the schema
/// `AccountSchema` declares, migrations run once however many instances start at once, and
/// accounts, profiles and sessions kept as on SQLite. Skipped, saying why, where PostgreSQL's
/// server is not installed.
@Suite("Accounts on PostgreSQL", .enabled(if: LocalPostgres.binDirectory != nil, Comment(rawValue: LocalPostgres.missing)))
struct PostgresAccountStorageTests {
    @Test func instancesStartingAtOnceMigrateOnceToTheDeclaredSchema() async throws {
        try await withPostgres { address in
            // Three instances start on an empty database at the same moment.
            async let one = PostgresAccountDatabase.open(address, passwordIterations: 2)
            async let two = PostgresAccountDatabase.open(address, passwordIterations: 2)
            async let three = PostgresAccountDatabase.open(address, passwordIterations: 2)
            let databases = try await [one, two, three]
            defer { databases.forEach { $0.close() } }
            let client = databases[0].client

            for table in AccountSchema.tables {
                #expect(try await Self.columns(of: table.name, client) == ColumnShape.declared(table, .postgres), "table \(table.name)")
            }
            var migrations: [String] = []
            for try await name in try await client.query("SELECT name FROM schema_migration ORDER BY name").decode(String.self) {
                migrations.append(name)
            }
            #expect(migrations == AccountSchema.migrations.map(\.name))

            let storage = PostgresAccountStorage(client: client)
            #expect(try await storage.count() == 1, "the demo account was seeded once")
            let demo = try #require(try await storage.account(named: "demo"))
            #expect(demo.displayName == "Demo User" && demo.favouriteTeamID == 3 && demo.passwordHash.verifies("demo"))

            // A restart finds everything migrated and changes nothing.
            let again = try await PostgresAccountDatabase.open(address, passwordIterations: 2)
            defer { again.close() }
            #expect(try await PostgresAccountStorage(client: again.client).count() == 1)
        }
    }

    @Test func accountsProfilesAndSessionsAreKeptAndSharedBetweenInstances() async throws {
        try await withPostgres { address in
            let first = try await PostgresAccountDatabase.open(address, passwordIterations: 2)
            defer { first.close() }
            let second = try await PostgresAccountDatabase.open(address, passwordIterations: 2)
            defer { second.close() }
            let host1 = AccountStore(storage: PostgresAccountStorage(client: first.client), passwordIterations: 2)
            let host2 = AccountStore(storage: PostgresAccountStorage(client: second.client), passwordIterations: 2)

            // Registration, sign-in on the other instance, a taken name.
            let ada = try await host1.register(username: "ada", displayName: "  Ada  ", password: "engine")
            #expect(ada.displayName == "Ada")
            #expect(try await host2.authenticate(username: "ada", password: "engine")?.displayName == "Ada")
            #expect(try await host2.authenticate(username: "ada", password: "wrong") == nil)
            await #expect(throws: AccountError([.username: "This username is taken."])) {
                try await host2.register(username: "ada", displayName: "Other", password: "other")
            }

            // One name registered at once on both: one winner, one "taken".
            async let one = Self.outcome { try await host1.register(username: "race", displayName: "One", password: "first") }
            async let two = Self.outcome { try await host2.register(username: "race", displayName: "Two", password: "second") }
            let outcomes = await [one, two]
            #expect(outcomes.filter { $0 == nil }.count == 1, "one registration wins: \(outcomes)")
            #expect(outcomes.contains(AccountError([.username: "This username is taken."])))

            // A profile edited on one instance reads back on the other; a bad edit writes nothing.
            try await host2.updateProfile(username: "ada", displayName: "Ada Lovelace", favouriteTeam: .set(5), bio: "Engines.")
            let edited = try #require(try await host1.account(named: "ada"))
            #expect(edited.displayName == "Ada Lovelace" && edited.favouriteTeamID == 5 && edited.bio == "Engines.")
            await #expect(throws: AccountError.self) {
                try await host1.updateProfile(username: "ada", displayName: "", favouriteTeam: .clear)
            }
            #expect(try await host2.account(named: "ada")?.favouriteTeamID == 5)
            try await host1.updateProfile(username: "ada", favouriteTeam: .clear)
            #expect(try await host2.account(named: "ada")?.favouriteTeamID == nil)

            // Sessions: one ended on one instance is ended on the other; a password change ends
            // every other session of the account.
            let laptop = try await host1.startSession(username: "ada")
            let phone = try await host1.startSession(username: "ada")
            #expect(try await host2.isSessionActive(id: laptop, username: "ada"))
            #expect(try await !host2.isSessionActive(id: laptop, username: "demo"), "a session belongs to its account")
            try await host2.endSession(id: laptop)
            #expect(try await !host1.isSessionActive(id: laptop, username: "ada"))
            #expect(try await host1.isSessionActive(id: phone, username: "ada"))
            let tablet = try await host2.startSession(username: "ada")
            try await host1.changePassword(username: "ada", current: "engine", new: "difference", confirmation: "difference")
            try await host1.endSessions(of: "ada", except: tablet)
            #expect(try await !host2.isSessionActive(id: phone, username: "ada"))
            #expect(try await host2.isSessionActive(id: tablet, username: "ada"))
            #expect(try await host2.authenticate(username: "ada", password: "engine") == nil)
            #expect(try await host2.authenticate(username: "ada", password: "difference") != nil)
        }
    }

    /// The columns of `table` as PostgreSQL reports them, in order.
    static func columns(of table: String, _ client: PostgresClient) async throws -> [ColumnShape] {
        var primaryKey = Set<String>()
        for try await name in try await client.query("""
            SELECT kcu.column_name FROM information_schema.table_constraints tc
            JOIN information_schema.key_column_usage kcu
              ON kcu.constraint_name = tc.constraint_name AND kcu.table_name = tc.table_name
            WHERE tc.table_name = \(table) AND tc.constraint_type = 'PRIMARY KEY'
            """).decode(String.self) {
            primaryKey.insert(name)
        }
        var columns: [ColumnShape] = []
        for try await (name, type, nullable, defaultValue) in try await client.query("""
            SELECT column_name::text, data_type::text, is_nullable::text, column_default::text FROM information_schema.columns
            WHERE table_name = \(table) ORDER BY ordinal_position
            """).decode((String, String, String, String?).self) {
            columns.append(ColumnShape(name: name, type: type.uppercased(), isNullable: nullable == "YES",
                                       isPrimaryKey: primaryKey.contains(name), hasDefault: defaultValue != nil))
        }
        return columns
    }

    static func outcome(_ body: () async throws -> Void) async -> AccountError? {
        do { try await body(); return nil } catch { return error as? AccountError ?? AccountError([.form: "\(error)"]) }
    }
}

/// Runs `body` with the address of a fresh PostgreSQL cluster, stopped and removed afterwards.
func withPostgres(_ body: (PostgresAddress) async throws -> Void) async throws {
    let postgres = try LocalPostgres.start()
    defer { postgres.stop() }
    try await body(try PostgresAddress(parsing: postgres.url))
}
