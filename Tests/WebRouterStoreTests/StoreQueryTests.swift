import Foundation
import Testing
import WebRouter
import WebRouterStore

/// Queries by field through key paths: the same records, in the same order, on every backend.
@Suite("Store queries")
struct StoreQueryTests {
    /// Five notes of two owners, created a day apart; two with the same rank.
    static func seeded(_ backend: TestBackend) async throws -> (Store, [Note]) {
        let store = try await backend.open()
        let day = 86_400.0
        var notes = [
            Note(owner: "ada", title: "apple", rank: 2, createdAt: Date(timeIntervalSince1970: 1_700_000_000)),
            Note(owner: "ada", title: "Banana", rank: 1, createdAt: Date(timeIntervalSince1970: 1_700_000_000 + day)),
            Note(owner: "bob", title: "cherry", rank: 3, createdAt: Date(timeIntervalSince1970: 1_700_000_000 + 2 * day)),
            Note(owner: "ada", title: "Date", rank: 2, createdAt: Date(timeIntervalSince1970: 1_700_000_000 + 3 * day)),
            Note(owner: "bob", title: "éclair", rank: 5, createdAt: Date(timeIntervalSince1970: 1_700_000_000 + 4 * day)),
        ]
        notes[1].done = true
        notes[3].doneAt = Date(timeIntervalSince1970: 1_800_000_000)
        notes[4].priority = .high
        for note in notes { try await store.insert(note) }
        return (store, notes)
    }

    @Test(arguments: TestBackend.available)
    func equalityOnTextBoolEnumAndNil(backend: TestBackend) async throws {
        let (store, notes) = try await Self.seeded(backend)
        defer { Task { await store.close() } }
        #expect(Set(try await store.fetch(Note.filter(\.owner == "ada")).map(\.title)) == ["apple", "Banana", "Date"])
        #expect(try await store.fetch(Note.filter(\.done == true)).map(\.id) == [notes[1].id])
        #expect(try await store.fetch(Note.filter(\.priority == .high)).map(\.id) == [notes[4].id])
        #expect(try await store.fetch(Note.filter(\.doneAt != nil)).map(\.id) == [notes[3].id])
        #expect(try await store.count(Note.filter(\.doneAt == nil)) == 4)
        #expect(try await store.count(Note.filter(\.owner != "ada")) == 2)
        #expect(try await store.count(Note.filter(\.owner == "ada").filter(\.done == false)) == 2)
    }

    @Test(arguments: TestBackend.available)
    func comparisonsOnNumbersAndDates(backend: TestBackend) async throws {
        let (store, notes) = try await Self.seeded(backend)
        defer { Task { await store.close() } }
        let byRank = Note.filter(\.rank >= 2).filter(\.rank < 5).order(by: \.rank).order(by: \.createdAt)
        #expect(try await store.fetch(byRank).map(\.title) == ["apple", "Date", "cherry"])
        let recent = Note.filter(\.createdAt > notes[2].createdAt).order(by: \.createdAt)
        #expect(try await store.fetch(recent).map(\.title) == ["Date", "éclair"])
        #expect(try await store.count(Note.filter(\.createdAt <= notes[2].createdAt)) == 3)
        #expect(try await store.count(Note.filter(\.weight > 1.0)) == 5)
    }

    @Test(arguments: TestBackend.available)
    func orderLimitAndOffset(backend: TestBackend) async throws {
        let (store, notes) = try await Self.seeded(backend)
        defer { Task { await store.close() } }
        let newest = Note.order(by: \.createdAt, .descending)
        #expect(try await store.fetch(newest.limit(2)).map(\.title) == ["éclair", "Date"])
        #expect(try await store.fetch(newest.limit(2, offset: 2)).map(\.title) == ["cherry", "Banana"])
        #expect(try await store.fetch(newest.limit(10, offset: 4)).map(\.title) == ["apple"])
        #expect(try await store.first(newest)?.id == notes[4].id)
        #expect(try await store.first(Note.filter(\.owner == "carol")) == nil)
        #expect(try await store.count(newest.limit(3)) == 3)
    }

    @Test(arguments: TestBackend.available)
    func textOrdersByItsBytesOnEveryBackend(backend: TestBackend) async throws {
        let (store, _) = try await Self.seeded(backend)
        defer { Task { await store.close() } }
        // Capitals before small letters, accented letters last: SQLite's BINARY, PostgreSQL's "C".
        #expect(try await store.fetch(Note.order(by: \.title)).map(\.title) == ["Banana", "Date", "apple", "cherry", "éclair"])
        #expect(try await store.fetch(Note.filter(\.title > "Z").order(by: \.title)).map(\.title) == ["apple", "cherry", "éclair"])
    }

    @Test(arguments: TestBackend.available)
    func tiesAndNullsOrderTheSameEverywhere(backend: TestBackend) async throws {
        let (store, notes) = try await Self.seeded(backend)
        defer { Task { await store.close() } }
        let ranked = try await store.fetch(Note.filter(\.rank == 2).order(by: \.rank))
        #expect(ranked.map(\.id) == [notes[0].id, notes[3].id].sorted { $0.uuidString < $1.uuidString }, "ties by id")
        let byDoneAt = try await store.fetch(Note.order(by: \.doneAt, .descending).limit(1))
        #expect(byDoneAt.map(\.id) == [notes[3].id], "NULL last going down")
        let upward = try await store.fetch(Note.order(by: \.doneAt))
        #expect(upward.last?.id == notes[3].id, "NULL first going up")
    }

    @Test(arguments: TestBackend.available)
    func fieldsNamedAsStringsAreCheckedAgainstTheTable(backend: TestBackend) async throws {
        let (store, notes) = try await Self.seeded(backend)
        defer { Task { await store.close() } }
        #expect(try await store.fetch(Note.filter(Field("owner"), .equal, "bob").order(by: Field("rank"), .descending)).map(\.id)
            == [notes[4].id, notes[2].id])
        await expectStoreError(.unknownField, mentioning: "ownr") { try await store.fetch(Note.filter(Field("ownr"), .equal, "bob")) }
    }

    @Test(arguments: TestBackend.available)
    func aComputedPropertyIsNoField(backend: TestBackend) async throws {
        let (store, _) = try await Self.seeded(backend)
        defer { Task { await store.close() } }
        await expectStoreError(.unknownField) { try await store.fetch(Note.filter(\.titleLength == 5)) }
    }

    @Test(arguments: TestBackend.available)
    func deleteAllRemovesTheQuerysRecords(backend: TestBackend) async throws {
        let (store, _) = try await Self.seeded(backend)
        defer { Task { await store.close() } }
        #expect(try await store.deleteAll(Note.filter(\.owner == "ada").order(by: \.createdAt).limit(2)) == 2)
        #expect(try await store.fetch(Note.order(by: \.createdAt)).map(\.title) == ["cherry", "Date", "éclair"])
    }

    @Test func keyPathsNameTheCodingKeysTheyRead() async throws {
        let store = try await TestBackend.memory.open()
        try await store.insert(Member(id: 1, email: "ada@example.com", displayName: "Ada"))
        try await store.insert(Member(id: 2, email: "bob@example.com", displayName: "Bob"))
        // `displayName` is stored as `display_name`: the key path finds the stored name.
        #expect(try await store.fetch(Member.filter(\.displayName == "Bob")).map(\.id) == [2])
        #expect(try await store.fetch(Member.order(by: \.displayName, .descending)).map(\.id) == [2, 1])
    }
}
