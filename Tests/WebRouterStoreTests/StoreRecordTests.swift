import Foundation
import Testing
import WebRouter
import WebRouterStore

/// Records in and out, the same on every backend: what goes in reads back equal, ids are
/// unique, updates need a record and deletes say whether there was one.
@Suite("Store records")
struct StoreRecordTests {
    @Test(arguments: TestBackend.available)
    func everyKindOfFieldReadsBackEqual(backend: TestBackend) async throws {
        let store = try await backend.open()
        defer { Task { await store.close() } }
        var note = Note(owner: "ada", title: "Buy milk, 'eggs' and \"bread\"", rank: 3)
        note.done = true
        note.priority = .high
        note.weight = -0.25
        note.doneAt = Date(timeIntervalSince1970: 1_700_000_123.456789)
        note.tags = ["home", "shop"]
        note.detail = Detail(color: "red", size: 2)
        note.attachment = Data([0, 1, 2, 255])
        try await store.insert(note)
        let plain = Note(owner: "bob", title: "")
        try await store.insert(plain)

        #expect(try await store.find(Note.self, id: note.id) == note)
        #expect(try await store.find(Note.self, id: plain.id) == plain)
        #expect(try await store.find(Note.self, id: UUID()) == nil)
    }

    @Test(arguments: TestBackend.available)
    func insertingATakenIDIsADuplicateAndChangesNothing(backend: TestBackend) async throws {
        let store = try await backend.open()
        defer { Task { await store.close() } }
        var note = Note(owner: "ada", title: "First")
        try await store.insert(note)
        note.title = "Second"
        await expectStoreError(.duplicate) { try await store.insert(note) }
        #expect(try await store.find(Note.self, id: note.id)?.title == "First")
    }

    @Test(arguments: TestBackend.available)
    func aUniqueColumnRefusesASecondRecordWithItsValue(backend: TestBackend) async throws {
        let store = try await backend.open()
        defer { Task { await store.close() } }
        try await store.insert(Member(id: 1, email: "ada@example.com", displayName: "Ada"))
        await expectStoreError(.duplicate) { try await store.insert(Member(id: 2, email: "ada@example.com", displayName: "Other")) }
        await expectStoreError(.duplicate) { try await store.save(Member(id: 3, email: "ada@example.com", displayName: "Other")) }
        #expect(try await store.count(Member.all) == 1)
    }

    @Test(arguments: TestBackend.available)
    func updateReplacesAnExistingRecordAndRefusesAMissingOne(backend: TestBackend) async throws {
        let store = try await backend.open()
        defer { Task { await store.close() } }
        var member = Member(id: 7, email: "ada@example.com", displayName: "Ada")
        await expectStoreError(.notFound) { try await store.update(member) }
        try await store.insert(member)
        member.displayName = "Ada Lovelace"
        try await store.update(member)
        #expect(try await store.find(Member.self, id: 7) == member)
    }

    @Test(arguments: TestBackend.available)
    func saveInsertsThenReplaces(backend: TestBackend) async throws {
        let store = try await backend.open()
        defer { Task { await store.close() } }
        var note = Note(owner: "ada", title: "Draft")
        try await store.save(note)
        note.title = "Final"
        note.doneAt = Date(timeIntervalSince1970: 1_800_000_000)
        try await store.save(note)
        note.doneAt = nil
        try await store.save(note)
        #expect(try await store.fetch(Note.all) == [note])
    }

    @Test(arguments: TestBackend.available)
    func deleteSaysWhetherThereWasARecord(backend: TestBackend) async throws {
        let store = try await backend.open()
        defer { Task { await store.close() } }
        let kept = Note(owner: "ada", title: "Kept")
        let gone = Note(owner: "ada", title: "Gone")
        try await store.insert(kept)
        try await store.insert(gone)
        #expect(try await store.delete(gone))
        #expect(try await !store.delete(gone))
        #expect(try await !store.delete(Note.self, id: UUID()))
        #expect(try await store.delete(Note.self, id: kept.id))
        #expect(try await store.count(Note.all) == 0)
    }

    @Test(arguments: TestBackend.available)
    func aRecordWithAFieldItsTableLacksIsRefusedByName(backend: TestBackend) async throws {
        let store = try await backend.open()
        defer { Task { await store.close() } }
        let record = NoteWithMood(id: UUID(), owner: "ada", title: "Hi", mood: "glad")
        await expectStoreError(.unknownField, mentioning: "mood") { try await store.insert(record) }
        await expectStoreError(.unknownTable) { try await store.insert(Orphan(id: "x")) }
    }
}
