import Foundation
import Testing
import WebRouter
import WebRouterStore

/// Transactions: all of a closure's writes commit together, or none when it throws.
@Suite("Store transactions")
struct StoreTransactionTests {
    struct Refused: Error {}

    @Test(arguments: TestBackend.available)
    func aThrowingTransactionLeavesNothingBehind(backend: TestBackend) async throws {
        let store = try await backend.open()
        defer { Task { await store.close() } }
        var kept = Note(owner: "ada", title: "Kept")
        try await store.insert(kept)
        await #expect(throws: Refused.self) {
            try await store.transaction { transaction in
                try await transaction.insert(Note(owner: "ada", title: "Lost"))
                kept.title = "Changed"
                try await transaction.update(kept)
                #expect(try await transaction.count(Note.all) == 2, "a transaction reads its own writes")
                throw Refused()
            }
        }
        #expect(try await store.fetch(Note.all).map(\.title) == ["Kept"])
        // The store is usable afterwards.
        try await store.insert(Note(owner: "ada", title: "Next"))
        #expect(try await store.count(Note.all) == 2)
    }

    @Test(arguments: TestBackend.available)
    func aTransactionCommitsEverythingAndReturnsItsResult(backend: TestBackend) async throws {
        let store = try await backend.open()
        defer { Task { await store.close() } }
        let count = try await store.transaction { transaction in
            for rank in 1...3 { try await transaction.insert(Note(owner: "ada", title: "n\(rank)", rank: rank)) }
            try await transaction.deleteAll(Note.filter(\.rank == 2))
            return try await transaction.count(Note.all)
        }
        #expect(count == 2)
        #expect(try await store.fetch(Note.order(by: \.rank)).map(\.rank) == [1, 3])
    }

    @Test(arguments: TestBackend.available)
    func concurrentTransactionsDoNotLoseUpdates(backend: TestBackend) async throws {
        let store = try await backend.open()
        defer { Task { await store.close() } }
        try await store.insert(Member(id: 1, email: "counter@example.com", displayName: "0"))
        // Each reads then writes in its transaction; writers take turns (on PostgreSQL too,
        // where READ COMMITTED alone would let two read the same count), so none is lost.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    try await store.transaction { transaction in
                        var member = try #require(try await transaction.find(Member.self, id: 1))
                        member.displayName = String(Int(member.displayName)! + 1)
                        try await transaction.update(member)
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await store.find(Member.self, id: 1)?.displayName == "10")
    }
}

extension StoreTransactionTests {
    @Test(arguments: TestBackend.available)
    func writingThroughTheStoreInsideItsTransactionThrowsInsteadOfWaiting(backend: TestBackend) async throws {
        let store = try await backend.open()
        defer { Task { await store.close() } }
        await expectStoreError(.database, mentioning: "write through the transaction") {
            try await store.transaction { transaction in
                try await transaction.insert(Note(owner: "ada", title: "Inside"))
                try await store.insert(Note(owner: "ada", title: "Through the store"))
            }
        }
        #expect(try await store.count(Note.all) == 0)
    }
}
