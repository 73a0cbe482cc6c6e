import Foundation
import Testing
import WebRouter
import WebRouterStore
import WebRouterTesting

/// The notes page names the table's key; the app takes the store's broadcaster.
struct NotesPage: ContentScreen {
    let title = "Notes"
    func body(_ context: Void, router: Router<NotesPage>) -> some HTML { h1 { "Notes" } }
    func liveKeys(for context: Void) -> [LiveKey] { [Note.liveKey] }
}

enum NotesApp {
    static func make(_ store: Store) throws -> Application {
        var configuration = ApplicationConfiguration(
            appName: "Notes", secret: AppSecret(passphrase: String(repeating: "test secret ", count: 4))!)
        configuration.logger.logLevel = .critical
        configuration.live.coalescingDelay = .zero
        configuration.live.broadcaster = store.broadcaster
        return try Application(Window(NotesPage()), configuration: configuration)
    }
}

/// End to end: a write to the store refreshes the open pages showing it, those of another
/// instance sharing the store included.
@Suite("Store page refreshes")
struct StorePageRefreshTests {
    @Test(arguments: TestBackend.available)
    func aWriteRefreshesAnOpenPageShowingItsTable(backend: TestBackend) async throws {
        let store = try await backend.open()
        let client = try TestClient(try NotesApp.make(store), mode: .inProcess)
        let page = try await client.get("/")
        #expect(page.eventsURL == "/_webrouter/events?key=note")
        let events = try await client.openEvents(try #require(page.eventsURL))
        _ = try await events.next()
        try await store.insert(Note(owner: "ada", title: "New"))
        #expect(try await events.next(named: "refresh")?.data == ["note"])
        events.close()
        await client.shutdown()
        await store.close()
    }

    @Test(arguments: TestBackend.shared)
    func aWriteOnOneInstanceRefreshesAnothersPage(backend: TestBackend) async throws {
        let location = try await backend.location()
        let writer = try await Store.open(location, migrations: Schemas.migrations)
        let reader = try await Store.open(location, migrations: Schemas.migrations)
        let client = try TestClient(try NotesApp.make(reader), mode: .inProcess)
        let events = try await client.openEvents("/_webrouter/events?key=note")
        _ = try await events.next()
        try await writer.insert(Note(owner: "ada", title: "From elsewhere"))
        #expect(try await events.next(named: "refresh")?.data == ["note"])
        events.close()
        await client.shutdown()
        await writer.close()
        await reader.close()
    }
}
