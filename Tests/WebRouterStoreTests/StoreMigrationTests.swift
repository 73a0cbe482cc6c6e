import Foundation
import Testing
import WebRouter
import WebRouterStore

/// Versioned migrations: each runs once, in order, recorded; a later one changes a table that
/// has records; a failing one leaves the database as it was; a record the schema lacks a column
/// for is named at start.
@Suite("Store migrations")
struct StoreMigrationTests {
    /// The schema, plus a migration that writes a record (so running twice would show).
    static func seeding(_ migrations: Migrations = Schemas.migrations) -> Migrations {
        var migrations = migrations
        migrations.add("v3 the founder") { schema in
            schema.update { transaction in
                try await transaction.insert(Member(id: 1, email: "founder@example.com", displayName: "Founder"))
            }
        }
        return migrations
    }

    @Test(arguments: TestBackend.shared)
    func reopeningRunsNoMigrationTwice(backend: TestBackend) async throws {
        let location = try await backend.location()
        let first = try await Store.open(location, migrations: Self.seeding())
        try await first.insert(Note(owner: "ada", title: "Survives"))
        await first.close()
        let second = try await Store.open(location, migrations: Self.seeding())
        defer { Task { await second.close() } }
        #expect(try await second.count(Member.all) == 1)
        #expect(try await second.fetch(Note.all).map(\.title) == ["Survives"])
    }

    @Test(arguments: TestBackend.shared)
    func instancesStartingTogetherRunEachMigrationOnce(backend: TestBackend) async throws {
        let location = try await backend.location()
        let stores = try await withThrowingTaskGroup(of: Store.self) { group in
            for _ in 0..<4 { group.addTask { try await Store.open(location, migrations: Self.seeding()) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        defer { for store in stores { Task { await store.close() } } }
        #expect(try await stores[0].count(Member.all) == 1)
    }

    @Test(arguments: TestBackend.shared)
    func aLaterMigrationAddsAColumnWithItsDefaultToExistingRecords(backend: TestBackend) async throws {
        let location = try await backend.location()
        var migrations = Schemas.migrations
        let store = try await Store.open(location, migrations: migrations)
        let note = Note(owner: "ada", title: "Old")
        try await store.insert(note)
        await store.close()
        migrations.add("v3 pinned notes") { schema in
            schema.addColumn("pinned", .bool, to: "note", default: false)
            schema.update { transaction in
                for var old in try await transaction.fetch(PinnedNote.all) where old.title == "Old" {
                    old.pinned = true
                    try await transaction.update(old)
                }
            }
        }
        let reopened = try await Store.open(location, migrations: migrations, records: [PinnedNote.self, Note.self])
        defer { Task { await reopened.close() } }
        #expect(try await reopened.fetch(PinnedNote.all).map(\.pinned) == [true])
        #expect(try await reopened.find(Note.self, id: note.id) == note, "Note still reads without the new field")
    }

    /// A store keeps the statements it has read with; another instance's migration that adds a
    /// column must still show in the next read of the first (the same query text, so the same
    /// kept statement).
    @Test(arguments: TestBackend.shared)
    func aStoreThatStaysOpenReadsAColumnAnotherInstanceAdded(backend: TestBackend) async throws {
        let location = try await backend.location()
        var migrations = Schemas.migrations
        let open = try await Store.open(location, migrations: migrations)
        defer { Task { await open.close() } }
        let note = Note(owner: "ada", title: "Old")
        try await open.insert(note)
        #expect(try await open.fetch(Note.all) == [note])
        migrations.add("v3 pinned notes") { schema in
            schema.addColumn("pinned", .bool, to: "note", default: true)
        }
        let migrating = try await Store.open(location, migrations: migrations, records: [PinnedNote.self, Note.self])
        await migrating.close()
        #expect(try await open.fetch(PinnedNote.all).map(\.pinned) == [true])
        #expect(try await open.fetch(Note.all) == [note])
    }

    @Test(arguments: TestBackend.shared)
    func aFailingMigrationIsRolledBackWhole(backend: TestBackend) async throws {
        let location = try await backend.location()
        var migrations = Schemas.migrations
        migrations.add("v3 broken") { schema in
            schema.createTable("draft") { table in table.column("text", .text) }
            schema.update { _ in throw StoreError(.migration, "deliberately broken") }
        }
        await expectStoreError(.migration, mentioning: "deliberately broken") { try await Store.open(location, migrations: migrations) }
        // Nothing of the failed start stayed: the same history without the broken step runs in full.
        let store = try await Store.open(location, migrations: Self.seeding())
        defer { Task { await store.close() } }
        #expect(try await store.count(Member.all) == 1)
    }

    @Test(arguments: TestBackend.available)
    func aRecordWithoutItsColumnsFailsAtStart(backend: TestBackend) async throws {
        await expectStoreError(.unknownField, mentioning: "mood") { try await Store.open(await backend.location(), migrations: Schemas.migrations, records: [NoteWithMood.self]) }
        await expectStoreError(.unknownTable) { try await Store.open(await backend.location(), migrations: Schemas.migrations, records: [Orphan.self]) }
    }

    @Test func invalidStepsAreRefusedBeforeAnythingRuns() async throws {
        var migrations = Migrations()
        migrations.add("v1") { schema in
            schema.createTable("bad name") { table in table.column("title", .text) }
            schema.addColumn("rank", .integer, to: "other")
        }
        await expectStoreError(.migration, mentioning: "bad name") { try await Store.open(.memory, migrations: migrations) }
        await expectStoreError(.migration, mentioning: "give it a default") { try await Store.open(.memory, migrations: migrations) }
    }

    /// A table an earlier version kept (here made by an older migration, with its own column
    /// names) is taken over: its rows land in the new table under the store's names and it is
    /// gone; a database that never had it opens with the new migration all the same.
    @Test(arguments: TestBackend.available)
    func adoptingALegacyTableCarriesItsRowsOverAndNothingWhereItIsMissing(backend: TestBackend) async throws {
        var old = Migrations()
        old.add("old v1 people") { schema in
            schema.createTable("people_legacy", id: .integer) { table in
                table.column("username", .text)
                table.column("full_name", .text)
                table.column("team_id", .integer, optional: true)
            }
            schema.update { transaction in
                try await transaction.insert(LegacyPerson(id: 1, username: "ada", full_name: "Ada Lovelace", team_id: 7))
                try await transaction.insert(LegacyPerson(id: 2, username: "bob", full_name: "Bob", team_id: nil))
            }
        }
        let adopting: (inout Migrations) -> Void = { migrations in
            migrations.add("v2 people in the store") { schema in
                schema.createTable("person", id: .text) { table in
                    table.column("name", .text)
                    table.column("team", .integer, optional: true)
                }
                schema.adoptTable("people_legacy", into: "person", columns: ["id": "username", "name": "full_name", "team": "team_id"])
            }
        }
        var migrations = old
        adopting(&migrations)

        let location = try await backend.location()
        if backend != .memory {   // the older version ran first, and stopped
            await (try await Store.open(location, migrations: old)).close()
        }
        let store = try await Store.open(location, migrations: migrations, records: [Person.self])
        defer { Task { await store.close() } }
        #expect(try await store.fetch(Person.all) == [Person(id: "ada", name: "Ada Lovelace", team: 7), Person(id: "bob", name: "Bob", team: nil)])
        await expectStoreError(.unknownTable) { try await store.fetch(LegacyPerson.all) }

        var onlyNew = Migrations()
        adopting(&onlyNew)
        let fresh = try await Store.open(try await backend.location(), migrations: onlyNew, records: [Person.self])
        defer { Task { await fresh.close() } }
        #expect(try await fresh.count(Person.all) == 0)
    }
}

/// A row of the table an older version kept, under its own names.
struct LegacyPerson: StoredRecord {
    static let table = "people_legacy"
    var id: Int
    var username: String
    var full_name: String
    var team_id: Int?
}

/// The same people, as the store keeps them now.
struct Person: StoredRecord, Equatable {
    static let table = "person"
    var id: String
    var name: String
    var team: Int?
}
