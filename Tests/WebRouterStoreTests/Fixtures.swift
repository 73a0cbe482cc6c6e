import Foundation
import Testing
import WebRouter
import WebRouterStore
import WebRouterTesting

enum Priority: String, Codable, CaseIterable, Sendable {
    case low, normal, high
}

struct Detail: Codable, Hashable, Sendable {
    var color: String
    var size: Int
}

/// A record with a field of every kind the store keeps.
struct Note: StoredRecord, Equatable {
    static let table = "note"
    var id: UUID
    var owner: String
    var title: String
    var done = false
    var priority = Priority.normal
    var rank = 0
    var weight = 1.5
    var createdAt: Date
    var doneAt: Date?
    var tags: [String] = []
    var detail: Detail?
    var attachment: Data?

    /// Not stored: a key path to it names no field.
    var titleLength: Int { title.count }

    init(owner: String, title: String, rank: Int = 0, createdAt: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        id = UUID()
        self.owner = owner
        self.title = title
        self.rank = rank
        self.createdAt = createdAt
    }
}

/// A record with an integer id, a unique column and a renamed coding key.
struct Member: StoredRecord, Equatable {
    static let table = "member"
    var id: Int64
    var email: String
    var displayName: String

    enum CodingKeys: String, CodingKey {
        case id, email
        case displayName = "display_name"
    }

    var liveKeys: [LiveKey] { [Self.liveKey, liveKey, LiveKey("directory")] }
}

/// A record whose table no migration creates.
struct Orphan: StoredRecord {
    static let table = "orphan"
    var id: String
}

/// `Note` with a field its table lacks.
struct NoteWithMood: StoredRecord {
    static let table = "note"
    var id: UUID
    var owner: String
    var title: String
    var mood: String
}

/// `Note` as a later migration sees it, with the `pinned` column it adds.
struct PinnedNote: StoredRecord {
    static let table = "note"
    var id: UUID
    var title: String
    var pinned: Bool
}

enum Schemas {
    static var migrations: Migrations {
        var migrations = Migrations()
        migrations.add("v1 notes") { schema in
            schema.createTable("note", id: .text) { table in
                table.column("owner", .text)
                table.column("title", .text)
                table.column("done", .bool, default: false)
                table.column("priority", .text, default: Priority.normal)
                table.column("rank", .integer, default: 0)
                table.column("weight", .real, default: 1.5)
                table.column("createdAt", .date)
                table.column("doneAt", .date, optional: true)
                table.column("tags", .text, default: [String]())
                table.column("detail", .text, optional: true)
                table.column("attachment", .blob, optional: true)
            }
            schema.createIndex("note_by_owner", on: "note", ["owner", "createdAt"])
        }
        migrations.add("v2 members") { schema in
            schema.createTable("member", id: .integer) { table in
                table.column("email", .text, unique: true)
                table.column("display_name", .text)
            }
        }
        return migrations
    }
}

/// The backends every test of the shared suite runs against: memory and SQLite always (with
/// the SQLite trait), PostgreSQL when its server binaries are installed.
enum TestBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case memory, sqlite, postgres

    static var available: [TestBackend] {
        var backends: [TestBackend] = [.memory]
        #if SQLite
        backends.append(.sqlite)
        #endif
        #if PostgreSQL
        if TestPostgres.skipReason == nil { backends.append(.postgres) }
        #endif
        // WEBROUTER_STORE_BACKENDS=memory,sqlite runs those only.
        if let only = ProcessInfo.processInfo.environment["WEBROUTER_STORE_BACKENDS"] {
            let names = Set(only.split(separator: ",").map(String.init))
            backends = backends.filter { names.contains($0.rawValue) }
        }
        return backends
    }

    /// The backends several instances can share (not memory).
    static var shared: [TestBackend] { available.filter { $0 != .memory } }

    var testDescription: String { rawValue }

    /// A new, empty location of this backend (a file in a new directory, a new database).
    func location() async throws -> StoreLocation {
        switch self {
        case .memory:
            return .memory
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory.path + "/wr-store-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            // Writers wait for each other up to the busy timeout; in the whole suite the other
            // tests' load stretches every transaction, so the tests give a writer a minute
            // (four instances migrating one file at once waited past the default 5 s there).
            return .sqlite(directory + "/app.sqlite", busyTimeout: .seconds(60))
        case .postgres:
            #if PostgreSQL
            return try StoreLocation(parsing: try await TestPostgres.database().url)
            #else
            throw StoreError(.database, "no PostgreSQL trait")
            #endif
        }
    }

    /// A store at a new location, migrated.
    func open(_ migrations: Migrations = Schemas.migrations, records: [any StoredRecord.Type] = [Note.self, Member.self]) async throws -> Store {
        try await Store.open(await location(), migrations: migrations, records: records)
    }
}

/// The keys a broadcaster delivers, in order, awaited one batch at a time.
final class Received: Sendable {
    let stream: AsyncStream<[String]>
    private let continuation: AsyncStream<[String]>.Continuation

    init(_ broadcaster: any RefreshBroadcaster) {
        (stream, continuation) = AsyncStream.makeStream(of: [String].self)
        let continuation = continuation
        broadcaster.subscribe { keys in continuation.yield(keys) }
    }

    /// The next batch of keys.
    func next() async -> [String]? {
        var iterator = stream.makeAsyncIterator()
        return await iterator.next()
    }
}

/// Expects `body` to throw a ``StoreError`` of `kind` (whose description mentions `text`).
func expectStoreError<T>(
    _ kind: StoreError.Kind, mentioning text: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> T
) async {
    let error = await #expect(throws: StoreError.self, sourceLocation: sourceLocation) { _ = try await body() }
    guard let error else { return }
    #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
    if let text {
        #expect(error.description.contains(text), "\(error)", sourceLocation: sourceLocation)
    }
}
