import Foundation
import Testing
import WebRouter
import WebRouterStore

/// A write names the live keys it changes, and they reach every instance sharing the store:
/// in process (memory), through sockets beside the file (SQLite), through LISTEN/NOTIFY
/// (PostgreSQL).
@Suite("Store live keys")
struct StoreLiveKeyTests {
    @Test(arguments: TestBackend.available)
    func aCommittedWritePublishesItsRecordsKeysOnce(backend: TestBackend) async throws {
        let store = try await backend.open()
        defer { Task { await store.close() } }
        let received = Received(store.broadcaster)
        let observed = AsyncStream.makeStream(of: [LiveKey].self)
        store.onChange { observed.continuation.yield($0) }
        let note = Note(owner: "ada", title: "Hi")

        try await store.insert(note)
        #expect(await received.next() == ["note", "note/\(note.id.uuidString)"])
        var changes = observed.stream.makeAsyncIterator()
        #expect(await changes.next() == [Note.liveKey, note.liveKey])

        try? await store.transaction { transaction in
            try await transaction.insert(Note(owner: "ada", title: "Rolled back"))
            throw StoreError(.database, "rolled back")
        }
        try await store.transaction { transaction in
            try await transaction.insert(Member(id: 4, email: "m@example.com", displayName: "M"))
            transaction.refresh(LiveKey("summary"))
        }
        // The rolled-back transaction published nothing: the next keys are the member's.
        #expect(await received.next() == ["member", "member/4", "directory", "summary"])
    }

    @Test(arguments: TestBackend.shared)
    func anotherInstanceHearsTheWriteAndReadsIt(backend: TestBackend) async throws {
        let location = try await backend.location()
        let writer = try await Store.open(location, migrations: Schemas.migrations)
        let reader = try await Store.open(location, migrations: Schemas.migrations)
        defer { Task { await writer.close(); await reader.close() } }
        let heard = Received(reader.broadcaster)
        let note = Note(owner: "ada", title: "From the other instance")

        try await writer.insert(note)
        #expect(await heard.next() == ["note", note.liveKey.value])
        #expect(try await reader.find(Note.self, id: note.id) == note)
    }

    @Test(arguments: TestBackend.available)
    func anAppUsingTheStoresBroadcasterRefreshesTheKeysOfAWrite(backend: TestBackend) async throws {
        let store = try await backend.open()
        defer { Task { await store.close() } }
        var configuration = ApplicationConfiguration(appName: "Notes")
        configuration.live.broadcaster = store.broadcaster
        // What `app.refresh` and the store's writes go through, seen as the app's live hub sees it.
        let hub = Received(configuration.live.broadcaster)
        let note = Note(owner: "ada", title: "Shown")
        try await store.save(note)
        #expect(await hub.next() == ["note", note.liveKey.value])
    }
}
