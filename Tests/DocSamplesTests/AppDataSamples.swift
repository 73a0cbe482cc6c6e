import Foundation
import Testing
import WebRouter
import WebRouterStore
import WebRouterTesting

// The samples of WebRouterStore's catalog (WebRouterStore.md, AppData.md), compiled and run.

struct Memo: StoredRecord {
    static let table = "memo"
    var id: UUID
    var owner: String
    var title: String
    var done = false
    var createdAt: Date
    var tags: [String] = []
}

enum NotesSchema {
    static var migrations: Migrations {
        var migrations = Migrations()
        migrations.add("v1 memos") { schema in
            schema.createTable("memo", id: .text) { table in
                table.column("owner", .text)
                table.column("title", .text)
                table.column("done", .bool, default: false)
                table.column("createdAt", .date)
            }
            schema.createIndex("memo_by_owner", on: "memo", ["owner", "createdAt"])
        }
        migrations.add("v2 tags") { schema in
            schema.addColumn("tags", .text, to: "memo", default: [String]())
        }
        return migrations
    }
}

/// AppData.md's hand-over of a table the app kept with its own SQL.
enum AdoptingSchema {
    static var migrations: Migrations {
        var migrations = NotesSchema.migrations
        migrations.add("v3 profiles in the store") { schema in
            schema.createTable("profiles", id: .text) { table in
                table.column("display_name", .text)
                table.column("bio", .text, default: "")
            }
            schema.adoptTable("profile", into: "profiles", columns: ["id": "username", "display_name": "display_name", "bio": "bio"])
        }
        return migrations
    }
}

struct MemoList: ContentScreen {
    let title = "Memos"
    func body(_ context: Void, router: Router<MemoList>) -> some HTML { h1 { "Memos" } }
    func liveKeys(for context: Void) -> [LiveKey] { [Memo.liveKey] }
}

/// A fresh SQLite file's path, in a directory of its own.
private func temporarySQLitePath() throws -> String {
    let directory = FileManager.default.temporaryDirectory.path + "/wr-appdata-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    return directory + "/notes.sqlite"
}

@Suite("App data samples")
struct AppDataSamples {
    @Test func adoptingATableThatIsNotThereDoesNothing() async throws {
        struct Profile: StoredRecord {
            static let table = "profiles"
            var id: String
            var display_name: String
            var bio: String
        }
        let store = try await Store.open(.memory, migrations: AdoptingSchema.migrations, records: [Memo.self, Profile.self])
        #expect(try await store.count(Profile.all) == 0)
        await store.close()
    }

    #if SQLite
    @Test func theOverviewWritesAndQueriesAnSQLiteFile() async throws {
        let path = try temporarySQLitePath()
        let store = try await Store.open(.sqlite(path), migrations: NotesSchema.migrations, records: [Memo.self])
        try await store.insert(Memo(id: UUID(), owner: "ada", title: "Buy milk", createdAt: .now))
        let open = try await store.fetch(Memo.filter(\.owner == "ada").filter(\.done == false).order(by: \.createdAt))
        #expect(open.map(\.title) == ["Buy milk"])
        await store.close()
    }

    @Test func theLocationComesFromTheEnvironment() async throws {
        setenv("NOTES_DATABASE", try temporarySQLitePath(), 1)
        defer { unsetenv("NOTES_DATABASE") }
        let location = try StoreLocation(parsing: ProcessInfo.processInfo.environment["NOTES_DATABASE"] ?? "notes.sqlite")
        let store = try await Store.open(location, migrations: NotesSchema.migrations, records: [Memo.self])
        #expect(try await store.count(Memo.all) == 0)
        await store.close()
    }
    #endif

    @Test func writingReadingAndATransaction() async throws {
        let store = try await Store.open(.memory, migrations: NotesSchema.migrations, records: [Memo.self])
        let memo = Memo(id: UUID(), owner: "ada", title: "Buy milk", createdAt: .now)
        try await store.insert(memo)
        let mine = try await store.fetch(Memo.filter(\.owner == "ada").filter(\.done == false).order(by: \.createdAt, .descending).limit(20))
        let waiting = try await store.count(Memo.filter(\.done == false))
        #expect(mine.map(\.id) == [memo.id] && waiting == 1)

        try await store.transaction { transaction in
            guard var done = try await transaction.find(Memo.self, id: memo.id) else { return }
            done.done = true
            try await transaction.update(done)
            try await transaction.insert(Memo(id: UUID(), owner: done.owner, title: "Follow up", createdAt: .now))
        }
        #expect(try await store.fetch(Memo.filter(\.done == false)).map(\.title) == ["Follow up"])
    }

    @Test func aWriteRefreshesTheListPage() async throws {
        let store = try await Store.open(.memory, migrations: NotesSchema.migrations)
        var configuration = ApplicationConfiguration(appName: "Notes")
        configuration.live.broadcaster = store.broadcaster
        let app = try Application(Window(MemoList()), configuration: configuration)
        try await app.test(.inProcess) { client in
            let page = try await client.get("/")
            let events = try await client.openEvents(try #require(page.eventsURL))
            try await store.save(Memo(id: UUID(), owner: "ada", title: "Buy milk", createdAt: .now))
            #expect(try await events.next(named: "refresh")?.data == ["memo"])
        }
    }

    @Test func aSavedMemoIsListed() async throws {
        let store = try await Store.open(.memory, migrations: NotesSchema.migrations, records: [Memo.self])
        try await store.save(Memo(id: UUID(), owner: "ada", title: "Buy milk", createdAt: .now))
        #expect(try await store.fetch(Memo.filter(\.owner == "ada")).map(\.title) == ["Buy milk"])
    }
}
