import WebRouterStore

/// The notes of every account, in a ``Store`` (an SQLite file, or memory in tests). Each call
/// names the owner: one account never reads or writes another's notes.
public struct NoteStore: Sendable {
    /// The store the notes are kept in (shared with the other instances on the same file).
    public let store: Store

    public init(store: Store) {
        self.store = store
    }

    /// The notes of `owner`, newest (highest id) first.
    public func all(of owner: String) async throws -> [Note] {
        try await store.fetch(Note.filter(\.owner == owner).order(by: \.id, .descending))
    }

    /// The note `id` if it is `owner`'s; another account's note is as missing as no note.
    public func note(_ id: Int, of owner: String) async throws -> Note? {
        guard let note = try await store.find(Note.self, id: id), note.owner == owner else { return nil }
        return note
    }

    /// The tags `owner` uses, sorted.
    public func tags(of owner: String) async throws -> [String] {
        Set(try await all(of: owner).map(\.tag)).sorted()
    }

    /// Adds a note for `owner` and returns it with its new id. The id is the highest so far
    /// plus one, read and written in one transaction: instances sharing the file take turns.
    @discardableResult
    public func add(owner: String, title: String, text: String, tag: String) async throws -> Note {
        try await store.transaction { transaction in
            let last = try await transaction.first(Note.order(by: \.id, .descending))
            let note = Note(id: (last?.id ?? 0) + 1, owner: owner, title: title, text: text, tag: tag)
            try await transaction.insert(note)
            return note
        }
    }

    /// A few notes to start with (the tests' fixtures).
    public static let samples: [(title: String, text: String, tag: String)] = [
        ("Groceries", "Milk, eggs, bread.", "home"),
        ("Release checklist", "Tag, build, announce.", "work"),
        ("Book ideas", "A router that speaks HTML.", "ideas"),
        ("Plumber", "Call on Monday.", "home"),
    ]

    /// Adds ``samples`` for `owner`, oldest first.
    public func addSamples(for owner: String) async throws {
        for sample in Self.samples {
            try await add(owner: owner, title: sample.title, text: sample.text, tag: sample.tag)
        }
    }
}
